export declare const CHROMIUM_PATH: string;
export declare const TEST_CHROMIUM_PATH: string;
export declare const TESTS_ON_HEADLESS_SHELL: boolean;
export declare const CHROMIUM_ARGS: string[];
