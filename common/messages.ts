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
    pending: 'Your device will be activated once the payment is confirmed',
    cancelled: 'Payment is Cancelled.',
    flashCancelled: 'Cancelled',
    flashProcessing: 'Payment is being processed',
  },
} as const;
