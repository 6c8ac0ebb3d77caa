/**
 * Every user-facing text that the product specification quotes, in one place, word for word.
 * Client forms and server validation both read from here so the two can never disagree.
 */
import { defineMessage, text } from './i18n';

export const messages = {
  mac: {
    required: text({ id: 'msg.mac.required', defaultMessage: '* Mac Address is required *' }),
    invalid: text({ id: 'msg.mac.invalid', defaultMessage: '* Invalid Mac Address*' }),
  },
  loginDeviceKey: {
    required: text({ id: 'msg.loginDeviceKey.required', defaultMessage: '* Device Key is required *' }),
    invalid: text({ id: 'msg.loginDeviceKey.invalid', defaultMessage: '* Invalid Device Key *' }),
  },
  captcha: {
    // Not quoted by the spec; worded to match its neighbours.
    required: text({ id: 'msg.captcha.required', defaultMessage: '* Captcha is required *' }),
    invalid: text({ id: 'msg.captcha.invalid', defaultMessage: '* Invalid Captcha *' }),
  },
  newDeviceKey: text({ id: 'msg.newDeviceKey', defaultMessage: '*Device key must be 6 digits (Only Numbers)' }),
  parentPin: text({ id: 'msg.parentPin', defaultMessage: '*Parent PIN must be 4-6 digits (Only Numbers)' }),
  contact: {
    nameRequired: text({ id: 'msg.contact.nameRequired', defaultMessage: '* Name is required *' }),
    emailRequired: text({ id: 'msg.contact.emailRequired', defaultMessage: '* Email is required *' }),
    emailInvalid: text({ id: 'msg.contact.emailInvalid', defaultMessage: '* Invalid Email Address *' }),
    subjectRequired: text({ id: 'msg.contact.subjectRequired', defaultMessage: '* Subject is required *' }),
    messageRequired: text({ id: 'msg.contact.messageRequired', defaultMessage: '* Message is required *' }),
    success: text({
      id: 'msg.contact.success',
      defaultMessage: 'Thanks for contacting us, we have received your message.',
    }),
    failure: text({ id: 'msg.contact.failure', defaultMessage: 'Something went wrong, try again later.' }),
  },
  login: {
    banner: text({ id: 'msg.login.banner', defaultMessage: 'Device information is incorrect' }),
    failedTitle: text({ id: 'msg.login.failedTitle', defaultMessage: 'Login failed.' }),
    failedFallback: text({ id: 'msg.login.failedFallback', defaultMessage: 'Something went wrong logging in.' }),
    // Not quoted by the spec: the server's answers to a sign-in and to a session that ended.
    incorrect: text({
      id: 'msg.login.incorrect',
      defaultMessage: 'The MAC address, device key or captcha is incorrect.',
    }),
    success: text({ id: 'msg.login.success', defaultMessage: 'Signed in successfully.' }),
    signedOut: text({ id: 'msg.login.signedOut', defaultMessage: 'You are signed out.' }),
    notSignedIn: text({ id: 'msg.login.notSignedIn', defaultMessage: 'You are not signed in.' }),
  },
  // Not quoted by the spec: a change that met another change to the same device, such as a Switch MAC absorbing
  // the device's record (docs/architecture.md, "Errors and races").
  race: {
    switched: text({
      id: 'msg.race.switched',
      defaultMessage: 'A Switch MAC moved this device at the same moment. Nothing was changed: please try again.',
    }),
    concurrent: text({
      id: 'msg.race.concurrent',
      defaultMessage:
        'Another change to this device happened at the same moment. Nothing was changed: please try again.',
    }),
  },
  // Not quoted by the spec: the server's answers when it, or its database, fails.
  server: {
    internal: text({
      id: 'msg.server.internal',
      defaultMessage: 'Something went wrong on our side. Please try again later.',
    }),
    databaseUnavailable: text({
      id: 'msg.server.databaseUnavailable',
      defaultMessage: 'The database is unavailable. Please try again in a moment.',
    }),
  },
  notFound: text({ id: 'msg.notFound', defaultMessage: 'This page was not found!' }),
  playlist: {
    nameRequired: text({ id: 'msg.playlist.nameRequired', defaultMessage: 'Playlist name is required' }),
    urlRequired: text({ id: 'msg.playlist.urlRequired', defaultMessage: 'Playlist URL is required' }),
    urlInvalid: text({ id: 'msg.playlist.urlInvalid', defaultMessage: 'Invalid URL Format' }),
    usernameRequired: text({ id: 'msg.playlist.usernameRequired', defaultMessage: 'Username is required' }),
    passwordRequired: text({ id: 'msg.playlist.passwordRequired', defaultMessage: 'Password is required' }),
    hostRequired: text({ id: 'msg.playlist.hostRequired', defaultMessage: 'URL is required' }),
    hostInvalid: text({ id: 'msg.playlist.hostInvalid', defaultMessage: 'Invalid URL' }),
    // The spec quotes the code form's message as it reads, wrong word and all.
    codeRequired: text({ id: 'msg.playlist.codeRequired', defaultMessage: 'Username is required' }),
    pinRequired: text({ id: 'msg.playlist.pinRequired', defaultMessage: 'PIN is required in protected playlists' }),
    pinMismatch: text({ id: 'msg.playlist.pinMismatch', defaultMessage: 'PIN does not match' }),
    wrongPin: text({ id: 'msg.playlist.wrongPin', defaultMessage: 'Wrong PIN!' }),
    tryAgain: text({ id: 'msg.playlist.tryAgain', defaultMessage: 'Please try again!' }),
    saveFailed: text({
      id: 'msg.playlist.saveFailed',
      defaultMessage: 'Something went wrong, please try again later.',
    }),
    requestFailed: text({
      id: 'msg.playlist.requestFailed',
      defaultMessage: 'Request failed, please try again later.',
    }),
    deleted: text({ id: 'msg.playlist.deleted', defaultMessage: 'Playlist has been deleted.' }),
    deleteFailedTitle: text({ id: 'msg.playlist.deleteFailedTitle', defaultMessage: 'Unauthorized.' }),
    deleteFailedFallback: text({
      id: 'msg.playlist.deleteFailedFallback',
      defaultMessage: 'Something went wrong with request authorization.',
    }),
    // Not quoted by the spec: the server's answers about playlists.
    saved: text({ id: 'msg.playlist.saved', defaultMessage: 'Playlist saved.' }),
    unlocked: text({ id: 'msg.playlist.unlocked', defaultMessage: 'Playlist unlocked.' }),
    notFound: text({ id: 'msg.playlist.notFound', defaultMessage: 'This playlist does not exist.' }),
    nameTaken: text({
      id: 'msg.playlist.nameTaken',
      defaultMessage: 'A playlist with this name already exists on this device.',
    }),
    codeNotCheckable: text({
      id: 'msg.playlist.codeNotCheckable',
      defaultMessage:
        'A playlist code is opened by the TV app through its provider; only URL and Xtream Codes playlists can be checked here.',
    }),
    tooMany: defineMessage({
      id: 'msg.playlist.tooMany',
      defaultMessage:
        'This device already has {max, number} playlists, the most it can hold. Delete one before adding another.',
    }),
  },
  // Not quoted by the spec: parental control by category, a playlist's locked groups (the numbers are
  // common/validation.ts LOCKED_GROUPS_LIMITS; validation.test.ts holds the two together).
  lockedGroups: {
    notList: text({ id: 'msg.lockedGroups.notList', defaultMessage: 'Locked groups must be a list of group names.' }),
    notText: text({ id: 'msg.lockedGroups.notText', defaultMessage: 'Each locked group must be a group name.' }),
    tooMany: text({ id: 'msg.lockedGroups.tooMany', defaultMessage: 'A playlist can lock at most 500 groups.' }),
    tooLong: text({ id: 'msg.lockedGroups.tooLong', defaultMessage: 'A group name must be at most 200 characters.' }),
    controlCharacters: text({
      id: 'msg.lockedGroups.controlCharacters',
      defaultMessage: 'A group name must not contain control characters.',
    }),
    saved: text({ id: 'msg.lockedGroups.saved', defaultMessage: 'Parental control saved.' }),
  },
  settings: {
    deviceKeyChanged: text({ id: 'msg.settings.deviceKeyChanged', defaultMessage: 'Device Key Changed Successfully!' }),
    parentPinChanged: text({ id: 'msg.settings.parentPinChanged', defaultMessage: 'Parent Pin Changed Successfully!' }),
    failed: text({ id: 'msg.settings.failed', defaultMessage: 'Something went wrong, try again later.' }),
  },
  switchMac: {
    success: text({ id: 'msg.switchMac.success', defaultMessage: 'Mac Address Switched Successfully!' }),
    failed: text({ id: 'msg.switchMac.failed', defaultMessage: 'Something went wrong, try again later.' }),
    // Not quoted by the spec.
    ownMac: text({ id: 'msg.switchMac.ownMac', defaultMessage: 'This device already has that MAC address.' }),
    refused: text({ id: 'msg.switchMac.refused', defaultMessage: 'The MAC address or its device key is incorrect.' }),
    raced: text({
      id: 'msg.switchMac.raced',
      defaultMessage:
        'Another device switched to that MAC address at the same moment. Nothing was changed: please try again.',
    }),
    keyChanged: text({
      id: 'msg.switchMac.keyChanged',
      defaultMessage:
        'The device key of that TV changed at the same moment. Nothing was changed: enter the key it shows now.',
    }),
    activated: text({
      id: 'msg.switchMac.activated',
      defaultMessage: 'That MAC address belongs to an activated device, so it cannot be replaced.',
    }),
    macRegistered: text({
      id: 'msg.switchMac.macRegistered',
      defaultMessage:
        'This MAC address is already registered. Use the device key shown in the app, or contact support to reset it.',
    }),
  },
  // Not quoted by the spec: a refusal's field messages said in one (the English ones are marked off by their
  // asterisks; another language says where one ends).
  joined: defineMessage({
    id: 'msg.joined',
    defaultMessage: '{first} {rest}',
    description: 'Two messages about the fields of one form, one after the other',
  }),
  // Not quoted by the spec: refusals of too many attempts. Those with a wait say it (Localizer.format).
  rateLimit: {
    signIn: defineMessage({
      id: 'msg.rateLimit.signIn',
      defaultMessage:
        'Too many failed sign-in attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    }),
    pins: defineMessage({
      id: 'msg.rateLimit.pins',
      defaultMessage: 'Too many wrong PINs. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    }),
    codes: defineMessage({
      id: 'msg.rateLimit.codes',
      defaultMessage: 'Too many wrong codes. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    }),
    deviceKeys: defineMessage({
      id: 'msg.rateLimit.deviceKeys',
      defaultMessage:
        'Too many wrong device keys for that MAC address. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
    }),
    linkRequests: text({
      id: 'msg.rateLimit.linkRequests',
      defaultMessage: 'Too many link requests from this network. Please try again later.',
    }),
    switchMac: text({
      id: 'msg.rateLimit.switchMac',
      defaultMessage:
        'This device has switched MAC address several times today. Please try again tomorrow or contact support.',
    }),
    register: text({
      id: 'msg.rateLimit.register',
      defaultMessage: 'Too many devices registered from this network. Please try again later.',
    }),
    contact: text({
      id: 'msg.rateLimit.contact',
      defaultMessage: 'You have sent several messages in a short time. Please wait a while before sending another.',
    }),
    checks: text({
      id: 'msg.rateLimit.checks',
      defaultMessage: 'This device has checked playlists many times in the last hour. Please try again later.',
    }),
    checkRunning: text({
      id: 'msg.rateLimit.checkRunning',
      defaultMessage: 'A check of yours is still running: wait for its result, then check again.',
    }),
    checksBusy: text({
      id: 'msg.rateLimit.checksBusy',
      defaultMessage: 'Many playlists are being checked right now. Please try again in a few seconds.',
    }),
    captcha: text({
      id: 'msg.rateLimit.captcha',
      defaultMessage: 'Too many captcha requests. Please wait a minute and try again.',
    }),
    payments: text({
      id: 'msg.rateLimit.payments',
      defaultMessage: 'Too many payments were started for this device in the last hour. Please try again later.',
    }),
  },
  // Not quoted by the spec: the TV token's rules (docs/architecture.md) and the Account Details list of TVs.
  tv: {
    ownerOnly: text({ id: 'msg.tv.ownerOnly', defaultMessage: 'This needs the device owner: sign in to the portal.' }),
    tvOnly: text({ id: 'msg.tv.tvOnly', defaultMessage: 'Only a TV renews its token: send its device token.' }),
    reportTvOnly: text({
      id: 'msg.tv.reportTvOnly',
      defaultMessage: 'Only a TV reports its app version: send its device token.',
    }),
    currentDeviceKeyRequired: text({
      id: 'msg.tv.currentDeviceKeyRequired',
      defaultMessage: 'Enter the current device key to change it from the TV.',
    }),
    currentDeviceKeyWrong: text({
      id: 'msg.tv.currentDeviceKeyWrong',
      defaultMessage: 'The current device key is incorrect.',
    }),
    currentPinRequired: text({
      id: 'msg.tv.currentPinRequired',
      defaultMessage: 'Enter the current parent PIN to change it from the TV.',
    }),
    currentPinWrong: text({ id: 'msg.tv.currentPinWrong', defaultMessage: 'The current parent PIN is incorrect.' }),
    noParentPinYet: text({
      id: 'msg.tv.noParentPinYet',
      defaultMessage: 'This device has no parent PIN yet: set it in the portal.',
    }),
    appVersionRecorded: text({ id: 'msg.tv.appVersionRecorded', defaultMessage: 'App version recorded.' }),
    signedOut: text({ id: 'msg.tv.signedOut', defaultMessage: 'The TV is signed out.' }),
    notSignedIn: text({ id: 'msg.tv.notSignedIn', defaultMessage: 'This TV is not signed in.' }),
    signOutTitle: text({ id: 'msg.tv.signOutTitle', defaultMessage: 'Sign out this TV?' }),
    signOutText: text({
      id: 'msg.tv.signOutText',
      defaultMessage: 'Its token stops working at once: the app on that TV can no longer read your playlists.',
    }),
    signOutFailed: text({ id: 'msg.tv.signOutFailed', defaultMessage: 'Could not sign the TV out.' }),
  },
  link: {
    codeRequired: text({ id: 'msg.link.codeRequired', defaultMessage: 'Enter the code shown on the TV.' }),
    codeInvalid: text({
      id: 'msg.link.codeInvalid',
      defaultMessage: 'The code is the 8 letters shown on the TV, like BCDF-GHJK.',
    }),
    unknownCode: text({
      id: 'msg.link.unknownCode',
      defaultMessage: 'This code is unknown, already used or expired. Ask the TV for a new code.',
    }),
    otherMac: text({
      id: 'msg.link.otherMac',
      defaultMessage:
        'This TV reports another MAC address than this device and asked without its own sign-in, so nothing proves it is that TV: it cannot be linked. To move your licence to a new TV, open the app on it and ask for a new code, or use Switch MAC with the device key it shows.',
    }),
    approved: text({ id: 'msg.link.approved', defaultMessage: 'The TV is linked: it signs in within a few seconds.' }),
    switched: text({
      id: 'msg.link.switched',
      defaultMessage:
        'Your licence, playlists, device key and parent PIN moved to this TV: it signs in within a few seconds. The old TV is signed out.',
    }),
    notThisTv: text({
      id: 'msg.link.notThisTv',
      defaultMessage: 'This is not the MAC address of the TV this token belongs to.',
    }),
    refused: text({ id: 'msg.link.refused', defaultMessage: 'The request is refused: the TV gets no access.' }),
    unknownMac: text({
      id: 'msg.link.unknownMac',
      defaultMessage:
        'No device is registered with this MAC address, so there is nothing to link: register it first (the app does this on its first launch).',
    }),
  },
  payment: {
    firstNameRequired: text({ id: 'msg.payment.firstNameRequired', defaultMessage: '* First Name is required *' }),
    lastNameRequired: text({ id: 'msg.payment.lastNameRequired', defaultMessage: '* Last Name is required *' }),
    emailRequired: text({ id: 'msg.payment.emailRequired', defaultMessage: '* Email is required *' }),
    emailInvalid: text({ id: 'msg.payment.emailInvalid', defaultMessage: '* Invalid email address *' }),
    mobileRequired: text({ id: 'msg.payment.mobileRequired', defaultMessage: '* Mobile is required *' }),
    coinTypeRequired: text({ id: 'msg.payment.coinTypeRequired', defaultMessage: '* Coin Type is required *' }),
    // Not quoted by the spec; worded to match its neighbours.
    mobileInvalid: text({ id: 'msg.payment.mobileInvalid', defaultMessage: '* Invalid mobile number *' }),
    coinTypeInvalid: text({ id: 'msg.payment.coinTypeInvalid', defaultMessage: '* Choose one of the listed coins *' }),
    nameTooLong: text({ id: 'msg.payment.nameTooLong', defaultMessage: '* At most 17 characters *' }),
    controlCharacters: text({
      id: 'msg.payment.controlCharacters',
      defaultMessage: '* Must not contain control characters *',
    }),
    selectPaypal: text({ id: 'msg.payment.selectPaypal', defaultMessage: 'You have to select a payment method' }),
    macCheckTitle: text({ id: 'msg.payment.macCheckTitle', defaultMessage: 'Error' }),
    macCheckFallback: text({
      id: 'msg.payment.macCheckFallback',
      defaultMessage: "We're sorry, but it seems there was an issue with your MAC.",
    }),
    macCheckFailed: text({ id: 'msg.payment.macCheckFailed', defaultMessage: 'Something went wrong.' }),
    failedTitle: text({ id: 'msg.payment.failedTitle', defaultMessage: 'Payment Failed' }),
    failedText: text({
      id: 'msg.payment.failedText',
      defaultMessage: "We're sorry, but it seems there was an issue processing your payment.",
    }),
    failedServer: text({ id: 'msg.payment.failedServer', defaultMessage: 'Payment failed.' }),
    failedFallback: text({
      id: 'msg.payment.failedFallback',
      defaultMessage: 'Something went wrong processing your payment.',
    }),
    paypalNetwork: text({ id: 'msg.payment.paypalNetwork', defaultMessage: 'Sorry, something is wrong' }),
    paypalNetworkText: text({ id: 'msg.payment.paypalNetworkText', defaultMessage: 'Please try again' }),
    paypalRefused: text({
      id: 'msg.payment.paypalRefused',
      defaultMessage: 'Sorry, your transaction could not be processed.',
    }),
    paypalSuccess: text({
      id: 'msg.payment.paypalSuccess',
      defaultMessage: 'Thanks for your payment, your MAC address is now activated.',
    }),
    // Not quoted by the spec: PayPal's buttons restart after a declined card, which said nothing before.
    paypalDeclined: text({
      id: 'msg.payment.paypalDeclined',
      defaultMessage: 'Your card was declined. Choose another card or another way to pay.',
    }),
    pending: text({
      id: 'msg.payment.pending',
      defaultMessage: 'Your device will be activated once the payment is confirmed',
    }),
    cancelled: text({ id: 'msg.payment.cancelled', defaultMessage: 'Payment is Cancelled.' }),
    flashCancelled: text({ id: 'msg.payment.flashCancelled', defaultMessage: 'Cancelled' }),
    flashProcessing: text({ id: 'msg.payment.flashProcessing', defaultMessage: 'Payment is being processed' }),
    // Not quoted by the spec: the server's answers about starting and confirming a payment.
    canActivate: text({ id: 'msg.payment.canActivate', defaultMessage: 'The MAC address can be activated.' }),
    lifetime: text({
      id: 'msg.payment.lifetime',
      defaultMessage: 'This device already has a lifetime licence: there is nothing to pay.',
    }),
    providerDown: text({
      id: 'msg.payment.providerDown',
      defaultMessage:
        'The payment provider could not start the payment. Nothing was charged; please try again in a few minutes.',
    }),
    paypalUnreachable: text({
      id: 'msg.payment.paypalUnreachable',
      defaultMessage: 'PayPal could not be reached. Please try again.',
    }),
    paypalNotConfirmed: text({
      id: 'msg.payment.paypalNotConfirmed',
      defaultMessage: 'PayPal did not confirm the payment for this device.',
    }),
    chooseMethod: text({
      id: 'msg.payment.chooseMethod',
      defaultMessage: 'Choose one of the payment methods offered.',
    }),
  },
} as const;
