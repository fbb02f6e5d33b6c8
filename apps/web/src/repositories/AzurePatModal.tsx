import { Form, Input, Modal } from 'antd';
import { useApp } from '../theme/feedback.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { repositoryApi } from '../repository/api.ts';

/**
 * The Azure DevOps personal access token prompt (docs/spec-conformance.md §4, §5, §8): an empty value gives
 * 'Please enter a valid Personal Access Token'; the server's verdict decides the rest.
 */
export function AzurePatModal({
  organization,
  open,
  onVerified,
  onCancel,
}: {
  organization: string;
  open: boolean;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ pat: string }>();
  const submit = useMutation({
    mutationFn: (pat: string) => repositoryApi.submitAzurePat(organization, pat),
    onSuccess: (answer) => {
      if (answer.isValid) {
        void message.success(t('repositories.pat.verified'));
        form.resetFields();
        onVerified();
      } else {
        form.setFields([{ name: 'pat', errors: [t('repositories.pat.invalid', { org: organization })] }]);
      }
    },
  });
  return (
    <Modal
      open={open}
      title={t('repositories.pat.title')}
      okText={t('repositories.pat.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={submit.isPending}
      destroyOnHidden
      width={520}
    >
      <p className="dc-dialog-lead">{t('repositories.pat.lead', { org: organization })}</p>
      <Form form={form} layout="vertical" onFinish={(v) => submit.mutate(v.pat.trim())} requiredMark={false}>
        <Form.Item
          name="pat"
          label={t('repositories.pat.label')}
          rules={[{ required: true, whitespace: true, message: t('repositories.pat.required') }]}
        >
          <Input.Password autoComplete="off" autoFocus spellCheck={false} />
        </Form.Item>
      </Form>
      {submit.isError && (
        <div className="dc-form-error" role="alert">
          {errorMessage(submit.error)}
        </div>
      )}
    </Modal>
  );
}
