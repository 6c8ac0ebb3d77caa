/** Set by vite.tv.config.mts from package.json. */
declare const __TV_APP_VERSION__: string;
