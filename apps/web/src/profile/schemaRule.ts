import type { FormRule } from 'antd';

interface SafeParser {
  safeParse(value: unknown): { success: boolean };
}

/**
 * A form rule that asks the shared contract schema whether a value is valid, and shows a
 * translated message when it is not: the rule itself lives once, in @docent/contracts.
 */
export function schemaRule(schema: SafeParser, message: string): FormRule {
  return {
    validator(_rule: unknown, value: unknown) {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      return schema.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
