/**
 * Every user-facing text that the product specification quotes, in one place, word for word.
 * Client forms and server validation both read from here so the two can never disagree.
 */
export const messages = {
  mac: {
    required: '* Mac Address is required *',
    invalid: '* Invalid Mac Address*',
  },
  loginDeviceKey: {
    required: '* Device Key is required *',
    invalid: '* Invalid Device Key *',
  },
  captcha: {
    // Not quoted by the spec; worded to match its neighbours.
    required: '* Captcha is required *',
    invalid: '* Invalid Captcha *',
  },
  newDeviceKey: '*Device key must be 6 digits (Only Numbers)',
  parentPin: '*Parent PIN must be 4-6 digits (Only Numbers)',
  contact: {
    nameRequired: '* Name is required *',
    emailRequired: '* Email is required *',
    emailInvalid: '* Invalid Email Address *',
    subjectRequired: '* Subject is required *',
    messageRequired: '* Message is required *',
    success: 'Thanks for contacting us, we have received your message.',
    failure: 'Something went wrong, try again later.',
  },
  login: {
    banner: 'Device information is incorrect',
    failedTitle: 'Login failed.',
    failedFallback: 'Something went wrong logging in.',
  },
  notFound: 'This page was not found!',
  playlist: {
    nameRequired: 'Playlist name is required',
    urlRequired: 'Playlist URL is required',
    urlInvalid: 'Invalid URL Format',
    usernameRequired: 'Username is required',
    passwordRequired: 'Password is required',
    hostRequired: 'URL is required',
    hostInvalid: 'Invalid URL',
    // The spec quotes the code form's message as it reads, wrong word and all.
    codeRequired: 'Username is required',
    pinRequired: 'PIN is required in protected playlists',
    pinMismatch: 'PIN does not match',
    wrongPin: 'Wrong PIN!',
    tryAgain: 'Please try again!',
    saveFailed: 'Something went wrong, please try again later.',
    requestFailed: 'Request failed, please try again later.',
    deleted: 'Playlist has been deleted.',
    deleteFailedTitle: 'Unauthorized.',
    deleteFailedFallback: 'Something went wrong with request authorization.',
  },
  settings: {
    deviceKeyChanged: 'Device Key Changed Successfully!',
    parentPinChanged: 'Parent Pin Changed Successfully!',
    failed: 'Something went wrong, try again later.',
  },
  switchMac: {
    success: 'Mac Address Switched Successfully!',
    failed: 'Something went wrong, try again later.',
    // Not quoted by the spec.
    ownMac: 'This device already has that MAC address.',
  },
  // Not quoted by the spec: the TV token's rules (docs/architecture.md) and the Account Details list of TVs.
  tv: {
    ownerOnly: 'This needs the device owner: sign in to the portal.',
    tvOnly: 'Only a TV renews its token: send its device token.',
    reportTvOnly: 'Only a TV reports its app version: send its device token.',
    currentDeviceKeyRequired: 'Enter the current device key to change it from the TV.',
    currentDeviceKeyWrong: 'The current device key is incorrect.',
    currentPinRequired: 'Enter the current parent PIN to change it from the TV.',
    currentPinWrong: 'The current parent PIN is incorrect.',
    noParentPinYet: 'This device has no parent PIN yet: set it in the portal.',
    appVersionRecorded: 'App version recorded.',
    signedOut: 'The TV is signed out.',
    notSignedIn: 'This TV is not signed in.',
    signOutTitle: 'Sign out this TV?',
    signOutText: 'Its token stops working at once: the app on that TV can no longer read your playlists.',
    signOutFailed: 'Could not sign the TV out.',
  },
  link: {
    codeRequired: 'Enter the code shown on the TV.',
    codeInvalid: 'The code is the 8 letters shown on the TV, like BCDF-GHJK.',
    unknownCode: 'This code is unknown, already used or expired. Ask the TV for a new code.',
    otherMac:
      'This TV reports another MAC address than this device and asked without its own sign-in, so nothing proves it is that TV: it cannot be linked. To move your licence to a new TV, open the app on it and ask for a new code, or use Switch MAC with the device key it shows.',
    approved: 'The TV is linked: it signs in within a few seconds.',
    switched:
      'Your licence, playlists, device key and parent PIN moved to this TV: it signs in within a few seconds. The old TV is signed out.',
    notThisTv: 'This is not the MAC address of the TV this token belongs to.',
    refused: 'The request is refused: the TV gets no access.',
  },
  payment: {
    firstNameRequired: '* First Name is required *',
    lastNameRequired: '* Last Name is required *',
    emailRequired: '* Email is required *',
    emailInvalid: '* Invalid email address *',
    mobileRequired: '* Mobile is required *',
    coinTypeRequired: '* Coin Type is required *',
    // Not quoted by the spec; worded to match its neighbours.
    mobileInvalid: '* Invalid mobile number *',
    coinTypeInvalid: '* Choose one of the listed coins *',
    nameTooLong: '* At most 17 characters *',
    controlCharacters: '* Must not contain control characters *',
    selectPaypal: 'You have to select a payment method',
    macCheckTitle: 'Error',
    macCheckFallback: "We're sorry, but it seems there was an issue with your MAC.",
    macCheckFailed: 'Something went wrong.',
    failedTitle: 'Payment Failed',
    failedText: "We're sorry, but it seems there was an issue processing your payment.",
    failedServer: 'Payment failed.',
    failedFallback: 'Something went wrong processing your payment.',
    paypalNetwork: 'Sorry, something is wrong',
    paypalNetworkText: 'Please try again',
    paypalRefused: 'Sorry, your transaction could not be processed.',
    paypalSuccess: 'Thanks for your payment, your MAC address is now activated.',
    // Not quoted by the spec: PayPal's buttons restart after a declined card, which said nothing before.
    paypalDeclined: 'Your card was declined. Choose another card or another way to pay.',
    pending: 'Your device will be activated once the payment is confirmed',
    cancelled: 'Payment is Cancelled.',
    flashCancelled: 'Cancelled',
    flashProcessing: 'Payment is being processed',
  },
} as const;
