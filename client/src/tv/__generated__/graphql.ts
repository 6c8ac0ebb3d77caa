/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A parent PIN to check, as a TV asks before it opens adult content. */
export type CheckParentPinInput = {
  /** The PIN the viewer typed. */
  pin: string;
};

/** Where a device stands with its licence. Derived from stored dates, never stored itself. */
export type DeviceStatus =
  /** Covered by a paid licence until `expireDate` (or for life when `expireDate` is null). */
  | 'ACTIVE'
  /** Neither in its trial nor covered by a paid licence: the TV app stops playing until the device is activated. */
  | 'INACTIVE'
  /** Within the free trial that starts when the device first registers (7 days unless configured otherwise). */
  | 'TRIAL';

/** The kinds of playlist a device can hold. */
export type PlaylistType =
  /** A 6-digit code the provider gave the owner. */
  | 'CODE'
  /** An M3U/M3U8 playlist at a URL, with an optional XMLTV guide. */
  | 'GENERAL'
  /** An Xtream Codes account: the provider's host URL, a username and a password. */
  | 'XC';

/** The poll of a link request. */
export type PollTvLinkInput = {
  /** The `pollHandle` that `requestTvLink` returned. */
  pollHandle: string;
};

/** What a TV app sends on its first launch. */
export type RegisterDeviceInput = {
  /** The app version, for support (at most 40 characters). */
  appVersion?: string | null | undefined;
  /** The MAC address of the TV (17 characters, `a1:b2:c3:d4:e5:f6`). */
  macAddress: string;
  /** The TV model, for support (at most 100 characters). */
  model?: string | null | undefined;
};

/** What a TV sends to ask for a link. */
export type RequestTvLinkInput = {
  /** The app version, shown to the owner (at most 40 characters). */
  appVersion?: string | null | undefined;
  /** The MAC address of the TV (17 characters, `a1:b2:c3:d4:e5:f6`). */
  macAddress: string;
  /** The TV model, shown to the owner (at most 100 characters). */
  model?: string | null | undefined;
};

/** What the TV learns when it polls a link request. */
export type TvLinkStatus =
  /**
   * The owner approved: `deviceToken` is the TV's new token, returned in this answer only. The request is used up:
   * polling again answers `EXPIRED`.
   */
  | 'APPROVED'
  /** The request expired, was used up, or the poll handle is unknown: start again with `requestTvLink`. */
  | 'EXPIRED'
  /** The owner has not answered yet: poll again after `interval` seconds. */
  | 'PENDING'
  /** The owner refused: no token. Start again with `requestTvLink` if that was a mistake. */
  | 'REFUSED'
  /**
   * RFC 8628's `slow_down`: this poll came sooner than `interval` seconds after the previous one and was not
   * answered. `interval` holds the new wait (5 seconds longer each time): use it for every later poll.
   */
  | 'SLOW_DOWN';

/** A protected playlist and the PIN that opens it. */
export type UnlockPlaylistInput = {
  /** The playlist to open. */
  id: string | number;
  /** Its PIN. Wrong PINs are counted: after a few the playlist stays shut for a while (`RATE_LIMITED`). */
  pin: string;
};

export type TvCheckParentPinMutationVariables = Exact<{
  input: CheckParentPinInput;
}>;


export type TvCheckParentPinMutation = { checkParentPin: { valid: boolean } };

export type TvPollLinkMutationVariables = Exact<{
  input: PollTvLinkInput;
}>;


export type TvPollLinkMutation = { pollTvLink: { status: TvLinkStatus, interval: number, deviceToken: string | null } };

export type TvRegisterMutationVariables = Exact<{
  input: RegisterDeviceInput;
}>;


export type TvRegisterMutation = { registerDevice: { deviceKey: string, deviceToken: string, device: { id: string, macAddress: string, status: DeviceStatus } } };

export type TvRequestLinkMutationVariables = Exact<{
  input: RequestTvLinkInput;
}>;


export type TvRequestLinkMutation = { requestTvLink: { code: string, pollHandle: string, expiresIn: number, interval: number, verificationUrl: string } };

export type TvUnlockPlaylistMutationVariables = Exact<{
  input: UnlockPlaylistInput;
}>;


export type TvUnlockPlaylistMutation = { unlockPlaylist: { playlist: { id: string, url: string | null, username: string | null, password: string | null, playlistCode: string | null, epgUrl: string | null } } };

export type TvAppConfigQueryVariables = Exact<{ [key: string]: never; }>;


export type TvAppConfigQuery = { appConfig: { productName: string, minimumAppVersion: string | null, portalUrl: string, supportEmail: string, supportPhone: string | null }, pricing: { price: string, currency: string, licenceDays: number | null } | null };

export type TvStartQueryVariables = Exact<{ [key: string]: never; }>;


export type TvStartQuery = { currentDevice: { id: string, macAddress: string, status: DeviceStatus, expireDate: string | null, hasParentPin: boolean, playlistsVersion: number } | null, playlists: Array<{ id: string, name: string, type: PlaylistType, isProtected: boolean, locked: boolean, url: string | null, epgUrl: string | null, username: string | null, password: string | null, playlistCode: string | null, lockedGroups: Array<string> }> };


export const TvCheckParentPinDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TvCheckParentPin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CheckParentPinInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkParentPin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}}]}}]}}]} as unknown as DocumentNode<TvCheckParentPinMutation, TvCheckParentPinMutationVariables>;
export const TvPollLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TvPollLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PollTvLinkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pollTvLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"deviceToken"}}]}}]}}]} as unknown as DocumentNode<TvPollLinkMutation, TvPollLinkMutationVariables>;
export const TvRegisterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TvRegister"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deviceKey"}},{"kind":"Field","name":{"kind":"Name","value":"deviceToken"}},{"kind":"Field","name":{"kind":"Name","value":"device"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<TvRegisterMutation, TvRegisterMutationVariables>;
export const TvRequestLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TvRequestLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RequestTvLinkInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestTvLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"pollHandle"}},{"kind":"Field","name":{"kind":"Name","value":"expiresIn"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"verificationUrl"}}]}}]}}]} as unknown as DocumentNode<TvRequestLinkMutation, TvRequestLinkMutationVariables>;
export const TvUnlockPlaylistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TvUnlockPlaylist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnlockPlaylistInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unlockPlaylist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"playlist"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}}]}}]}}]}}]} as unknown as DocumentNode<TvUnlockPlaylistMutation, TvUnlockPlaylistMutationVariables>;
export const TvAppConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TvAppConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"appConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productName"}},{"kind":"Field","name":{"kind":"Name","value":"minimumAppVersion"}},{"kind":"Field","name":{"kind":"Name","value":"portalUrl"}},{"kind":"Field","name":{"kind":"Name","value":"supportEmail"}},{"kind":"Field","name":{"kind":"Name","value":"supportPhone"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pricing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"price"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"licenceDays"}}]}}]}}]} as unknown as DocumentNode<TvAppConfigQuery, TvAppConfigQueryVariables>;
export const TvStartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TvStart"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentDevice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"macAddress"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expireDate"}},{"kind":"Field","name":{"kind":"Name","value":"hasParentPin"}},{"kind":"Field","name":{"kind":"Name","value":"playlistsVersion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"playlists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"isProtected"}},{"kind":"Field","name":{"kind":"Name","value":"locked"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"epgUrl"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"playlistCode"}},{"kind":"Field","name":{"kind":"Name","value":"lockedGroups"}}]}}]}}]} as unknown as DocumentNode<TvStartQuery, TvStartQueryVariables>;