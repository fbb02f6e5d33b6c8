import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../api/client.ts';
import { authApi } from '../auth/api.ts';
import { emailRules } from '../auth/formRules.ts';
import { setSession, setToken } from '../auth/session.ts';
import { HOME_PATH } from '../auth/useCompleteLogin.ts';
import { useFormErrorNotice } from '../auth/useFormErrorNotice.ts';
import { useToast } from '../shell/toast.tsx';

/**
 * Email update (docs/spec-conformance.md §4): submit the new address, then a 6-digit code that auto-submits;
 * resend is available. Failures show the server's detail, else the docs/spec-conformance.md §8 texts (auth.common.errorUpdateEmail,
 * auth.common.verifyFailed, auth.incorrectCode). Success keeps the returned token and the updated user, then goes home.
 */
export function EmailChangeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const onFinishFailed = useFormErrorNotice();

  const request = useMutation({
    mutationFn: (address: string) => authApi.requestEmailUpdate(address),
    onSuccess: (_res, address) => setEmail(address),
    onError: (err) => toast.error(serverDetail(err) ?? t('auth.common.errorUpdateEmail')),
  });
  const resend = useMutation({
    mutationFn: () => authApi.requestEmailUpdate(email ?? ''),
    onSuccess: () => toast.success(t('auth.securityCode.resent')),
    onError: () => toast.error(t('auth.common.verifyFailed')),
  });
  const verify = useMutation({
    // The answer's token (same session) is kept here, never put in an address: rapid login takes
    // activation links only (docs/security.md "Round 2").
    mutationFn: async (value: string) => {
      const res = await authApi.verifyEmailUpdate(email ?? '', value);
      setToken(res.token);
      setSession(res.token, await authApi.currentUser());
    },
    onSuccess: () => {
      toast.success(t('profile.email.updated'), t('profile.email.updatedText', { email }));
      close();
      void queryClient.invalidateQueries();
      void navigate(HOME_PATH);
    },
    onError: (err) => setCodeError(serverDetail(err) ?? t('auth.incorrectCode')),
  });

  function close() {
    setEmail(null);
    setCode('');
    setCodeError(null);
    onClose();
  }

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title={t(email ? 'profile.email.codeTitle' : 'profile.email.changeTitle')}
      destroyOnHidden
    >
      {email ? (
        <div className="dc-email-code">
          <p data-testid="email-code-text">{t('profile.email.codeSent', { email })}</p>
          <Input.OTP
            length={6}
            value={code}
            formatter={(s) => s.replace(/\D/g, '')}
            aria-label={t('auth.securityCode.label')}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
              // Six digits submit on their own (docs/spec-conformance.md §4).
              if (/^\d{6}$/.test(value)) verify.mutate(value);
            }}
          />
          {codeError && (
            <p className="dc-email-code__error" role="alert">
              {codeError}
            </p>
          )}
          <div className="dc-email-code__actions">
            <Button type="link" onClick={() => resend.mutate()} loading={resend.isPending}>
              {t('auth.securityCode.resend')}
            </Button>
            <Button type="primary" loading={verify.isPending} disabled={!/^\d{6}$/.test(code)} onClick={() => verify.mutate(code)}>
              {t('auth.securityCode.submit')}
            </Button>
          </div>
        </div>
      ) : (
        <Form<{ email: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => request.mutate(v.email.trim())}
          onFinishFailed={onFinishFailed}
        >
          <Form.Item name="email" label={t('profile.email.newEmail')} rules={emailRules(t)}>
            <Input prefix={<MailOutlined />} autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={request.isPending}>
            {t('profile.email.update')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
