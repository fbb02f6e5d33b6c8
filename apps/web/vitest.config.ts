import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { textSections } from './scripts/text-sections.mjs';

export default defineProject({
  // antd's `import { App } from 'antd'` runs its CommonJS build under Node: the app's direct
  // antd/es imports (contexts shared with it, e.g. App.useApp's) must be the same modules
  resolve: { alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }] },
  plugins: [react(), textSections({ i18nDir: `${import.meta.dirname}/src/i18n` })],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd forms under jsdom are slow on a shared 2-core machine.
    testTimeout: 20_000,
  },
});
