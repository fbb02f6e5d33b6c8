import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { EMAIL_PATTERN, PASSWORD_PATTERN, SECURITY_CODE_LENGTH } from '@docent/contracts';

/**
 * antd form rules built from the shared docs/spec-conformance.md §5 patterns (@docent/contracts), with the
 * spec's translated messages, so the form accepts exactly what the API accepts.
 */
export function requiredRule(t: TFunction, messageKey = 'auth.common.requiredField'): FormRule {
  return { required: true, whitespace: true, message: t(messageKey) };
}

export function emailRules(t: TFunction, requiredKey = 'auth.common.requiredField'): FormRule[] {
  return [requiredRule(t, requiredKey), { pattern: EMAIL_PATTERN, message: t('auth.common.notValidEmail') }];
}

export function strongPasswordRules(t: TFunction): FormRule[] {
  return [requiredRule(t), { pattern: PASSWORD_PATTERN, message: t('auth.common.weakPassword') }];
}

/** Confirmation must equal the field named `other`. */
export function confirmPasswordRules(t: TFunction, other: string): FormRule[] {
  return [
    requiredRule(t),
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator(_rule: unknown, value: unknown) {
        if (!value || getFieldValue(other) === value) return Promise.resolve();
        return Promise.reject(new Error(t('auth.common.confirmPasswordError')));
      },
    }),
  ];
}

/** The new password must differ from the old one (docs/spec-conformance.md §5). */
export function differentFromRules(t: TFunction, other: string): FormRule {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator(_rule: unknown, value: unknown) {
      if (!value || getFieldValue(other) !== value) return Promise.resolve();
      return Promise.reject(new Error(t('auth.common.samePassword')));
    },
  });
}

export function securityCodeRules(t: TFunction): FormRule[] {
  return [
    // Not `required: true`: antd would put aria-required on Input.OTP's wrapper <div>, where ARIA
    // does not allow it (axe: aria-allowed-attr, critical). The message is the same.
    {
      validator: (_, value: unknown) =>
        typeof value === 'string' && value.trim() ? Promise.resolve() : Promise.reject(new Error(t('auth.common.requiredField'))),
    },
    { pattern: new RegExp(`^\\d{${SECURITY_CODE_LENGTH}}$`), message: t('auth.common.codeLength') },
  ];
}

export function termsRule(t: TFunction): FormRule {
  return {
    validator(_rule: unknown, value: unknown) {
      return value ? Promise.resolve() : Promise.reject(new Error(t('auth.signup.tou')));
    },
  };
}
