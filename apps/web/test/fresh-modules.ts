import { vi } from 'vitest';

// The web project shares one worker process between test files (isolate: false, vitest.config.ts): jsdom,
// React and AntD load once per worker instead of once per file. Our own modules keep state of their own
// (the session, the 维护 flag, the captcha store…), so each file starts from fresh copies of them, as it did
// in a process of its own.
vi.resetModules();
