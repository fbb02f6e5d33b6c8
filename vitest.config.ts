import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/analyzer', 'apps/server', 'apps/web'],
  },
});
