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
    "fragment DeviceFields on Device {\n  id\n  macAddress\n  status\n  isTrial\n  createdAt\n  expireDate\n  hasParentPin\n}\n\nquery CurrentDevice {\n  currentDevice {\n    ...DeviceFields\n  }\n}": typeof types.DeviceFieldsFragmentDoc,
    "query Captcha {\n  captcha {\n    svg\n    token\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}": typeof types.CaptchaDocument,
    "query DevicePayments {\n  currentDevice {\n    id\n    payments {\n      id\n      method\n      status\n      amount\n      currency\n      licenceDays\n      createdAt\n      paidAt\n      licenceExpiresAt\n      sandbox\n    }\n  }\n}": typeof types.DevicePaymentsDocument,
    "mutation Logout {\n  logout {\n    success\n  }\n}": typeof types.LogoutDocument,
    "query Pricing {\n  pricing {\n    price\n    currency\n    licenceDays\n    methods\n    coins {\n      code\n      name\n    }\n    paypalClientId\n    paypalSdkUrl\n    ibostoreUrl\n    cowpayFrameUrl\n    sandboxMethods\n  }\n}\n\nquery ActivationEligibility {\n  activationEligibility {\n    eligible\n    message\n  }\n}\n\nmutation StartActivation($input: StartActivationInput!) {\n  startActivation(input: $input) {\n    redirectUrl\n    activation {\n      id\n    }\n  }\n}\n\nmutation CreatePayPalOrder {\n  createPayPalOrder {\n    id\n  }\n}\n\nmutation CapturePayPalOrder($orderId: ID!) {\n  capturePayPalOrder(orderId: $orderId) {\n    activation {\n      id\n      status\n    }\n    device {\n      ...DeviceFields\n    }\n  }\n}": typeof types.PricingDocument,
    "fragment PlaylistFields on Playlist {\n  id\n  name\n  type\n  isProtected\n  locked\n  url\n  epgUrl\n  username\n  password\n  playlistCode\n}\n\nquery Playlists {\n  playlists {\n    ...PlaylistFields\n  }\n}\n\nquery Playlist($id: ID!) {\n  playlist(id: $id) {\n    ...PlaylistFields\n  }\n}\n\nmutation CreatePlaylist($input: PlaylistInput!) {\n  createPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation UpdatePlaylist($input: UpdatePlaylistInput!) {\n  updatePlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation DeletePlaylist($input: DeletePlaylistInput!) {\n  deletePlaylist(input: $input) {\n    id\n    message\n  }\n}\n\nmutation UnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}": typeof types.PlaylistFieldsFragmentDoc,
    "mutation ChangeDeviceKey($input: ChangeDeviceKeyInput!) {\n  changeDeviceKey(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation ChangeParentPin($input: ChangeParentPinInput!) {\n  changeParentPin(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation SwitchMacAddress($input: SwitchMacAddressInput!) {\n  switchMacAddress(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}": typeof types.ChangeDeviceKeyDocument,
};
const documents: Documents = {
    "fragment DeviceFields on Device {\n  id\n  macAddress\n  status\n  isTrial\n  createdAt\n  expireDate\n  hasParentPin\n}\n\nquery CurrentDevice {\n  currentDevice {\n    ...DeviceFields\n  }\n}": types.DeviceFieldsFragmentDoc,
    "query Captcha {\n  captcha {\n    svg\n    token\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}": types.CaptchaDocument,
    "query DevicePayments {\n  currentDevice {\n    id\n    payments {\n      id\n      method\n      status\n      amount\n      currency\n      licenceDays\n      createdAt\n      paidAt\n      licenceExpiresAt\n      sandbox\n    }\n  }\n}": types.DevicePaymentsDocument,
    "mutation Logout {\n  logout {\n    success\n  }\n}": types.LogoutDocument,
    "query Pricing {\n  pricing {\n    price\n    currency\n    licenceDays\n    methods\n    coins {\n      code\n      name\n    }\n    paypalClientId\n    paypalSdkUrl\n    ibostoreUrl\n    cowpayFrameUrl\n    sandboxMethods\n  }\n}\n\nquery ActivationEligibility {\n  activationEligibility {\n    eligible\n    message\n  }\n}\n\nmutation StartActivation($input: StartActivationInput!) {\n  startActivation(input: $input) {\n    redirectUrl\n    activation {\n      id\n    }\n  }\n}\n\nmutation CreatePayPalOrder {\n  createPayPalOrder {\n    id\n  }\n}\n\nmutation CapturePayPalOrder($orderId: ID!) {\n  capturePayPalOrder(orderId: $orderId) {\n    activation {\n      id\n      status\n    }\n    device {\n      ...DeviceFields\n    }\n  }\n}": types.PricingDocument,
    "fragment PlaylistFields on Playlist {\n  id\n  name\n  type\n  isProtected\n  locked\n  url\n  epgUrl\n  username\n  password\n  playlistCode\n}\n\nquery Playlists {\n  playlists {\n    ...PlaylistFields\n  }\n}\n\nquery Playlist($id: ID!) {\n  playlist(id: $id) {\n    ...PlaylistFields\n  }\n}\n\nmutation CreatePlaylist($input: PlaylistInput!) {\n  createPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation UpdatePlaylist($input: UpdatePlaylistInput!) {\n  updatePlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation DeletePlaylist($input: DeletePlaylistInput!) {\n  deletePlaylist(input: $input) {\n    id\n    message\n  }\n}\n\nmutation UnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}": types.PlaylistFieldsFragmentDoc,
    "mutation ChangeDeviceKey($input: ChangeDeviceKeyInput!) {\n  changeDeviceKey(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation ChangeParentPin($input: ChangeParentPinInput!) {\n  changeParentPin(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation SwitchMacAddress($input: SwitchMacAddressInput!) {\n  switchMacAddress(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}": types.ChangeDeviceKeyDocument,
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
export function graphql(source: "fragment DeviceFields on Device {\n  id\n  macAddress\n  status\n  isTrial\n  createdAt\n  expireDate\n  hasParentPin\n}\n\nquery CurrentDevice {\n  currentDevice {\n    ...DeviceFields\n  }\n}"): (typeof documents)["fragment DeviceFields on Device {\n  id\n  macAddress\n  status\n  isTrial\n  createdAt\n  expireDate\n  hasParentPin\n}\n\nquery CurrentDevice {\n  currentDevice {\n    ...DeviceFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Captcha {\n  captcha {\n    svg\n    token\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}"): (typeof documents)["query Captcha {\n  captcha {\n    svg\n    token\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DevicePayments {\n  currentDevice {\n    id\n    payments {\n      id\n      method\n      status\n      amount\n      currency\n      licenceDays\n      createdAt\n      paidAt\n      licenceExpiresAt\n      sandbox\n    }\n  }\n}"): (typeof documents)["query DevicePayments {\n  currentDevice {\n    id\n    payments {\n      id\n      method\n      status\n      amount\n      currency\n      licenceDays\n      createdAt\n      paidAt\n      licenceExpiresAt\n      sandbox\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout {\n  logout {\n    success\n  }\n}"): (typeof documents)["mutation Logout {\n  logout {\n    success\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Pricing {\n  pricing {\n    price\n    currency\n    licenceDays\n    methods\n    coins {\n      code\n      name\n    }\n    paypalClientId\n    paypalSdkUrl\n    ibostoreUrl\n    cowpayFrameUrl\n    sandboxMethods\n  }\n}\n\nquery ActivationEligibility {\n  activationEligibility {\n    eligible\n    message\n  }\n}\n\nmutation StartActivation($input: StartActivationInput!) {\n  startActivation(input: $input) {\n    redirectUrl\n    activation {\n      id\n    }\n  }\n}\n\nmutation CreatePayPalOrder {\n  createPayPalOrder {\n    id\n  }\n}\n\nmutation CapturePayPalOrder($orderId: ID!) {\n  capturePayPalOrder(orderId: $orderId) {\n    activation {\n      id\n      status\n    }\n    device {\n      ...DeviceFields\n    }\n  }\n}"): (typeof documents)["query Pricing {\n  pricing {\n    price\n    currency\n    licenceDays\n    methods\n    coins {\n      code\n      name\n    }\n    paypalClientId\n    paypalSdkUrl\n    ibostoreUrl\n    cowpayFrameUrl\n    sandboxMethods\n  }\n}\n\nquery ActivationEligibility {\n  activationEligibility {\n    eligible\n    message\n  }\n}\n\nmutation StartActivation($input: StartActivationInput!) {\n  startActivation(input: $input) {\n    redirectUrl\n    activation {\n      id\n    }\n  }\n}\n\nmutation CreatePayPalOrder {\n  createPayPalOrder {\n    id\n  }\n}\n\nmutation CapturePayPalOrder($orderId: ID!) {\n  capturePayPalOrder(orderId: $orderId) {\n    activation {\n      id\n      status\n    }\n    device {\n      ...DeviceFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PlaylistFields on Playlist {\n  id\n  name\n  type\n  isProtected\n  locked\n  url\n  epgUrl\n  username\n  password\n  playlistCode\n}\n\nquery Playlists {\n  playlists {\n    ...PlaylistFields\n  }\n}\n\nquery Playlist($id: ID!) {\n  playlist(id: $id) {\n    ...PlaylistFields\n  }\n}\n\nmutation CreatePlaylist($input: PlaylistInput!) {\n  createPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation UpdatePlaylist($input: UpdatePlaylistInput!) {\n  updatePlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation DeletePlaylist($input: DeletePlaylistInput!) {\n  deletePlaylist(input: $input) {\n    id\n    message\n  }\n}\n\nmutation UnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}"): (typeof documents)["fragment PlaylistFields on Playlist {\n  id\n  name\n  type\n  isProtected\n  locked\n  url\n  epgUrl\n  username\n  password\n  playlistCode\n}\n\nquery Playlists {\n  playlists {\n    ...PlaylistFields\n  }\n}\n\nquery Playlist($id: ID!) {\n  playlist(id: $id) {\n    ...PlaylistFields\n  }\n}\n\nmutation CreatePlaylist($input: PlaylistInput!) {\n  createPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation UpdatePlaylist($input: UpdatePlaylistInput!) {\n  updatePlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}\n\nmutation DeletePlaylist($input: DeletePlaylistInput!) {\n  deletePlaylist(input: $input) {\n    id\n    message\n  }\n}\n\nmutation UnlockPlaylist($input: UnlockPlaylistInput!) {\n  unlockPlaylist(input: $input) {\n    message\n    playlist {\n      ...PlaylistFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ChangeDeviceKey($input: ChangeDeviceKeyInput!) {\n  changeDeviceKey(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation ChangeParentPin($input: ChangeParentPinInput!) {\n  changeParentPin(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation SwitchMacAddress($input: SwitchMacAddressInput!) {\n  switchMacAddress(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}"): (typeof documents)["mutation ChangeDeviceKey($input: ChangeDeviceKeyInput!) {\n  changeDeviceKey(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation ChangeParentPin($input: ChangeParentPinInput!) {\n  changeParentPin(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}\n\nmutation SwitchMacAddress($input: SwitchMacAddressInput!) {\n  switchMacAddress(input: $input) {\n    message\n    device {\n      ...DeviceFields\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;