import { Form, Input, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { requiredRule } from '../auth/formRules.ts';
import { reposApi, reposKeys, type ConnectInput, type HostedVendor } from './api.ts';

interface Values {
  token: string;
  kind: 'pat' | 'app-installation' | 'oauth';
  baseUrl?: string;
  organization?: string;
  username?: string;
}

/**
 * Connects a hosted vendor with a token (docs/decisions.md: no OAuth apps here). Azure DevOps
 * needs the organisation and a personal access token; Bitbucket app passwords need the user name.
 * On success the caller opens the install stream.
 */
export function ConnectVendorDialog({
  vendor,
  onClose,
  onConnected,
}: {
  vendor: HostedVendor | null;
  onClose: () => void;
  onConnected: (v: HostedVendor) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const connect = useMutation({
    mutationFn: (v: Values) => {
      const body: ConnectInput = { token: v.token.trim(), kind: v.kind };
      if (v.baseUrl?.trim()) body.baseUrl = v.baseUrl.trim();
      if (v.organization?.trim()) body.organization = v.organization.trim();
      if (v.username?.trim()) body.username = v.username.trim();
      return reposApi.connect(vendor!, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reposKeys.connections });
      const v = vendor!;
      form.resetFields();
      onConnected(v);
    },
  });
  const name = vendor ? t(`vendors.${vendor}`) : '';
  const azure = vendor === 'AZUREDEVOPS';
  return (
    <Modal
      open={vendor !== null}
      title={t('repositories.connectDialog.title', { vendor: name })}
      okText={t('repositories.connectDialog.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        connect.reset();
        onClose();
      }}
      confirmLoading={connect.isPending}
      destroyOnHidden
      width={560}
    >
      <p className="dc-dialog-lead">{t(`repositories.connectDialog.lead.${vendor ?? 'GITHUB'}`)}</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => connect.mutate(v)}
        initialValues={{ kind: 'pat' }}
        requiredMark={false}
        disabled={connect.isPending}
      >
        {azure && (
          <Form.Item name="organization" label={t('repositories.connectDialog.organization')} rules={[requiredRule(t)]}>
            <Input autoComplete="off" placeholder="fabrikam" />
          </Form.Item>
        )}
        {vendor === 'BITBUCKET' && (
          <Form.Item name="username" label={t('repositories.connectDialog.username')} extra={t('repositories.connectDialog.usernameHelp')}>
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="token"
          label={azure ? t('repositories.pat.label') : t('repositories.connectDialog.token')}
          rules={[{ required: true, whitespace: true, message: azure ? t('repositories.pat.required') : t('auth.common.requiredField') }]}
        >
          <Input.Password autoComplete="off" spellCheck={false} />
        </Form.Item>
        {!azure && (
          <Form.Item name="kind" label={t('repositories.connectDialog.kind')}>
            <Select
              options={[
                { value: 'pat', label: t('repositories.connectDialog.kinds.pat') },
                { value: 'app-installation', label: t('repositories.connectDialog.kinds.app') },
                { value: 'oauth', label: t('repositories.connectDialog.kinds.oauth') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="baseUrl" label={t('repositories.connectDialog.baseUrl')} extra={t('repositories.connectDialog.baseUrlHelp')}>
          <Input autoComplete="off" placeholder="https://" spellCheck={false} />
        </Form.Item>
      </Form>
      {connect.isError && (
        <div className="dc-form-error" role="alert">
          {errorMessage(connect.error)}
        </div>
      )}
    </Modal>
  );
}
