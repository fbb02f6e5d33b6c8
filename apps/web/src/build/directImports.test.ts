import { describe, expect, it } from 'vitest';
import { rewriteBarrelImports, type BarrelMap } from '../../scripts/direct-imports.mjs';

/** scripts/direct-imports.mjs: named imports from antd's barrels become imports of the defining modules. */
const maps: Record<'antd' | '@ant-design/icons', BarrelMap> = {
  antd: new Map([
    ['Button', { from: 'antd/es/button', imported: 'default' }],
    ['App', { from: 'antd/es/app', imported: 'default' }],
  ]),
  '@ant-design/icons': new Map([['PlusOutlined', { from: '@ant-design/icons/es/icons/PlusOutlined', imported: 'default' }]]),
};

describe('direct imports', () => {
  it('imports each named component from its own module, renamed ones under their local name, on one line', () => {
    const code = `import { App as AntApp, Button } from "antd";\nimport { PlusOutlined } from '@ant-design/icons';\nuse(AntApp, Button, PlusOutlined);`;
    const out = rewriteBarrelImports(code, maps);
    expect(out).toBe(
      `import AntApp from "antd/es/app"; import Button from "antd/es/button";\n` +
        `import PlusOutlined from "@ant-design/icons/es/icons/PlusOutlined";\nuse(AntApp, Button, PlusOutlined);`,
    );
  });

  it('leaves a statement as written when the barrel map lacks one of its names', () => {
    const code = `import { Button, unstableSetRender } from "antd";`;
    expect(rewriteBarrelImports(code, maps)).toBe(code);
  });

  it('leaves other packages alone', () => {
    const code = `import { Button } from "antd-mobile";\nimport { useState } from 'react';`;
    expect(rewriteBarrelImports(code, maps)).toBe(code);
  });
});
