import type { ReactNode } from 'react';
import { Form, type FormRule } from 'antd';

/**
 * A new-password field with its helper text ('At least 8 characters…') under it. While the field
 * shows an error the helper text steps aside: the error already says the same, and two copies of
 * one sentence read as a glitch.
 */
export function PasswordItem({
  name,
  label,
  rules,
  hint,
  dependencies,
  children,
}: {
  name: string;
  label: ReactNode;
  rules: FormRule[];
  hint: string;
  dependencies?: string[];
  children: ReactNode;
}) {
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => (
        <Form.Item
          name={name}
          label={label}
          rules={rules}
          dependencies={dependencies}
          extra={form.getFieldError(name).length ? undefined : hint}
        >
          {children}
        </Form.Item>
      )}
    </Form.Item>
  );
}
