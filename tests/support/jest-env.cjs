// Runs in each test file's process before its modules load (jest `setupFiles`).
// Device keys and PINs are hashed at a test-only scrypt cost (server/src/common/secrets.ts): production's
// 16 MB and ~30 ms per hash, paid by every sign-in and PIN, was minutes of the suite. Processes the tests start
// (the built server, the support tool) inherit it, so a hash made here verifies there.
// server/src/common/secrets.test.ts keeps the production cost and checks the stored format.
process.env.SCRYPT_TEST_COST ??= '1024';
