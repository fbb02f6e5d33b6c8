import { defineProject } from 'vitest/config';

// Checks of the project's own documents against the code (docs/spec-conformance.md).
export default defineProject({ test: { name: 'docs', include: ['*.test.ts'] } });
