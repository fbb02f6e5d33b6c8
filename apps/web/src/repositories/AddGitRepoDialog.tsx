import { Form, Input, Modal } from 'antd';
import { useApp } from '../theme/feedback.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Repository } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { requiredRule } from '../auth/formRules.ts';
import { reposApi, reposKeys } from './api.ts';

interface Values {
  url: string;
  organizationName?: string;
  repoName?: string;
}

/** Adds any git repository by its clone URL (the GIT vendor): https, http, ssh or git. */
export function AddGitRepoDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded?: (r: Repository) => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (v: Values) =>
      reposApi.addGit({
        url: v.url.trim(),
        ...(v.organizationName?.trim() ? { organizationName: v.organizationName.trim() } : {}),
        ...(v.repoName?.trim() ? { repoName: v.repoName.trim() } : {}),
      }),
    onSuccess: (repo) => {
      void message.success(t('repositories.add.added', { name: `${repo.organizationName}/${repo.repoName}` }));
      void queryClient.invalidateQueries({ queryKey: reposKeys.all });
      form.resetFields();
      onAdded?.(repo);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('repositories.add.title')}
      okText={t('repositories.add.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
      width={560}
    >
      <p className="dc-dialog-lead">{t('repositories.add.lead')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => add.mutate(v)} requiredMark={false} disabled={add.isPending}>
        <Form.Item name="url" label={t('repositories.add.url')} rules={[requiredRule(t)]} extra={t('repositories.add.urlHelp')}>
          <Input placeholder="https://github.com/acme/widgets.git" autoFocus spellCheck={false} autoComplete="off" />
        </Form.Item>
        <div className="dc-form-row">
          <Form.Item name="organizationName" label={t('repositories.add.org')} extra={t('repositories.add.optional')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="repoName" label={t('repositories.add.repo')} extra={t('repositories.add.optional')}>
            <Input autoComplete="off" />
          </Form.Item>
        </div>
      </Form>
      {add.isError && (
        <div className="dc-form-error" role="alert" data-testid="add-repo-error">
          {errorMessage(add.error)}
        </div>
      )}
    </Modal>
  );
}
