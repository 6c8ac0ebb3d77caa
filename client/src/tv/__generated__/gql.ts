/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation TvCheckParentPin($input: CheckParentPinInput!) {\n  checkParentPin(input: $input) {\n    valid\n  }\n}": typeof types.TvCheckParentPinDocument,
    "mutation TvPollLink($input: PollTvLinkInput!) {\n  pollTvLink(input: $input) {\n    status\n    interval\n    deviceToken\n  }\n}": typeof types.TvPollLinkDocument,
    "mutation TvRegister($input: RegisterDeviceInput!) {\n  registerDevice(input: $input) {\n    deviceKey\n    deviceToken\n    device {\n      id\n      macAddress\n      status\n    }\n  }\n}": typeof types.TvRegisterDocument,
    "mutation TvRequestLink($input: RequestTvLinkInput!) {\n  requestTvLink(input: $input) {\n    code\n    pollHandle\n    expiresIn\n    interval\n    verificationUrl\n  }\n}": typeof types.TvRequestLinkDocument,
    "mutation TvUnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    playlist {\n      id\n      url\n      username\n      password\n      playlistCode\n      epgUrl\n    }\n  }\n}": typeof types.TvUnlockPlaylistDocument,
    "query TvAppConfig {\n  appConfig {\n    productName\n    minimumAppVersion\n    portalUrl\n    supportEmail\n    supportPhone\n  }\n  pricing {\n    price\n    currency\n    licenceDays\n  }\n}": typeof types.TvAppConfigDocument,
    "query TvStart {\n  currentDevice {\n    id\n    macAddress\n    status\n    expireDate\n    hasParentPin\n    playlistsVersion\n  }\n  playlists {\n    id\n    name\n    type\n    isProtected\n    locked\n    url\n    epgUrl\n    username\n    password\n    playlistCode\n    lockedGroups\n  }\n}": typeof types.TvStartDocument,
};
const documents: Documents = {
    "mutation TvCheckParentPin($input: CheckParentPinInput!) {\n  checkParentPin(input: $input) {\n    valid\n  }\n}": types.TvCheckParentPinDocument,
    "mutation TvPollLink($input: PollTvLinkInput!) {\n  pollTvLink(input: $input) {\n    status\n    interval\n    deviceToken\n  }\n}": types.TvPollLinkDocument,
    "mutation TvRegister($input: RegisterDeviceInput!) {\n  registerDevice(input: $input) {\n    deviceKey\n    deviceToken\n    device {\n      id\n      macAddress\n      status\n    }\n  }\n}": types.TvRegisterDocument,
    "mutation TvRequestLink($input: RequestTvLinkInput!) {\n  requestTvLink(input: $input) {\n    code\n    pollHandle\n    expiresIn\n    interval\n    verificationUrl\n  }\n}": types.TvRequestLinkDocument,
    "mutation TvUnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    playlist {\n      id\n      url\n      username\n      password\n      playlistCode\n      epgUrl\n    }\n  }\n}": types.TvUnlockPlaylistDocument,
    "query TvAppConfig {\n  appConfig {\n    productName\n    minimumAppVersion\n    portalUrl\n    supportEmail\n    supportPhone\n  }\n  pricing {\n    price\n    currency\n    licenceDays\n  }\n}": types.TvAppConfigDocument,
    "query TvStart {\n  currentDevice {\n    id\n    macAddress\n    status\n    expireDate\n    hasParentPin\n    playlistsVersion\n  }\n  playlists {\n    id\n    name\n    type\n    isProtected\n    locked\n    url\n    epgUrl\n    username\n    password\n    playlistCode\n    lockedGroups\n  }\n}": types.TvStartDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TvCheckParentPin($input: CheckParentPinInput!) {\n  checkParentPin(input: $input) {\n    valid\n  }\n}"): (typeof documents)["mutation TvCheckParentPin($input: CheckParentPinInput!) {\n  checkParentPin(input: $input) {\n    valid\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TvPollLink($input: PollTvLinkInput!) {\n  pollTvLink(input: $input) {\n    status\n    interval\n    deviceToken\n  }\n}"): (typeof documents)["mutation TvPollLink($input: PollTvLinkInput!) {\n  pollTvLink(input: $input) {\n    status\n    interval\n    deviceToken\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TvRegister($input: RegisterDeviceInput!) {\n  registerDevice(input: $input) {\n    deviceKey\n    deviceToken\n    device {\n      id\n      macAddress\n      status\n    }\n  }\n}"): (typeof documents)["mutation TvRegister($input: RegisterDeviceInput!) {\n  registerDevice(input: $input) {\n    deviceKey\n    deviceToken\n    device {\n      id\n      macAddress\n      status\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TvRequestLink($input: RequestTvLinkInput!) {\n  requestTvLink(input: $input) {\n    code\n    pollHandle\n    expiresIn\n    interval\n    verificationUrl\n  }\n}"): (typeof documents)["mutation TvRequestLink($input: RequestTvLinkInput!) {\n  requestTvLink(input: $input) {\n    code\n    pollHandle\n    expiresIn\n    interval\n    verificationUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation TvUnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    playlist {\n      id\n      url\n      username\n      password\n      playlistCode\n      epgUrl\n    }\n  }\n}"): (typeof documents)["mutation TvUnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    playlist {\n      id\n      url\n      username\n      password\n      playlistCode\n      epgUrl\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TvAppConfig {\n  appConfig {\n    productName\n    minimumAppVersion\n    portalUrl\n    supportEmail\n    supportPhone\n  }\n  pricing {\n    price\n    currency\n    licenceDays\n  }\n}"): (typeof documents)["query TvAppConfig {\n  appConfig {\n    productName\n    minimumAppVersion\n    portalUrl\n    supportEmail\n    supportPhone\n  }\n  pricing {\n    price\n    currency\n    licenceDays\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TvStart {\n  currentDevice {\n    id\n    macAddress\n    status\n    expireDate\n    hasParentPin\n    playlistsVersion\n  }\n  playlists {\n    id\n    name\n    type\n    isProtected\n    locked\n    url\n    epgUrl\n    username\n    password\n    playlistCode\n    lockedGroups\n  }\n}"): (typeof documents)["query TvStart {\n  currentDevice {\n    id\n    macAddress\n    status\n    expireDate\n    hasParentPin\n    playlistsVersion\n  }\n  playlists {\n    id\n    name\n    type\n    isProtected\n    locked\n    url\n    epgUrl\n    username\n    password\n    playlistCode\n    lockedGroups\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;