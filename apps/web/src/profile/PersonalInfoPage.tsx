import { useState } from 'react';
import { Button, Form, Input, Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled, MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UpdateProfileRequest, type User } from '@docent/contracts';
import { authApi, authKeys } from '../auth/api.ts';
import { requiredRule } from '../auth/formRules.ts';
import { setUser, useSession } from '../auth/session.ts';
import { useFormErrorNotice } from '../auth/useFormErrorNotice.ts';
import { EmailChangeModal } from './EmailChangeModal.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { schemaRule } from './schemaRule.ts';
import { useToast } from '../shell/toast.tsx';

interface PersonalInfoForm {
  firstName: string;
  lastName: string;
  userName: string;
  imgUrl: string;
}

const fields = UpdateProfileRequest.shape;

/** Profile › Account: edits the profile through PUT /v1/users. */
export default function PersonalInfoPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PersonalInfoForm>();
  const [emailOpen, setEmailOpen] = useState(false);
  const onFinishFailed = useFormErrorNotice();

  const save = useMutation({
    mutationFn: (v: PersonalInfoForm) =>
      authApi.updateProfile({
        firstName: v.firstName.trim(),
        lastName: (v.lastName ?? '').trim(),
        userName: v.userName.trim(),
        imgUrl: (v.imgUrl ?? '').trim(),
      }),
    onSuccess: (updated: User) => {
      setUser(updated);
      queryClient.setQueriesData({ queryKey: authKeys.me }, updated);
      // Show what was saved: resetFields would go back to the values the form opened with.
      form.setFieldsValue({
        firstName: updated.firstName,
        lastName: updated.lastName,
        userName: updated.userName,
        imgUrl: updated.imgUrl ?? '',
      });
      void toast.success(t('profile.personal.saved'));
    },
    onError: (err) => toast.error(t('profile.personal.failed'), err.message),
  });

  if (!user) return null;
  return (
    <ProfileSection title={t('breadcrumb.account')} description={t('profile.personal.description')}>
      <div className="dc-panel dc-profile-card">
        <h3>{t('profile.personal.title')}</h3>
        <p>{t('profile.personal.subtitle')}</p>
        <Form<PersonalInfoForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ firstName: user.firstName, lastName: user.lastName, userName: user.userName, imgUrl: user.imgUrl ?? '' }}
          onFinish={(v) => save.mutate(v)}
          onFinishFailed={onFinishFailed}
        >
          <div className="dc-form-row">
            <Form.Item
              name="firstName"
              label={t('auth.signup.firstName')}
              rules={[requiredRule(t), schemaRule(fields.firstName, t('profile.personal.tooLong'))]}
            >
              <Input autoComplete="given-name" />
            </Form.Item>
            <Form.Item
              name="lastName"
              label={t('auth.signup.lastName')}
              rules={[schemaRule(fields.lastName, t('profile.personal.tooLong'))]}
            >
              <Input autoComplete="family-name" />
            </Form.Item>
          </div>
          <Form.Item
            name="userName"
            label={t('profile.personal.userName')}
            rules={[requiredRule(t), schemaRule(fields.userName, t('profile.personal.userNameInvalid'))]}
            extra={t('profile.personal.userNameHelp')}
          >
            <Input prefix="@" autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="imgUrl"
            label={t('profile.personal.imgUrl')}
            rules={[schemaRule(fields.imgUrl, t('profile.personal.imgUrlInvalid'))]}
            extra={t('profile.personal.imgUrlHelp')}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
          <div className="dc-profile-card__actions">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.saveChanges')}
            </Button>
          </div>
        </Form>
      </div>
      <div className="dc-panel dc-profile-card">
        <h3>{t('profile.email.title')}</h3>
        <p>{t('profile.email.subtitle')}</p>
        <div className="dc-profile-email">
          <MailOutlined />
          <span className="dc-profile-email__address">{user.email.name}</span>
          {user.isVerified ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              {t('profile.email.verified')}
            </Tag>
          ) : (
            <Tag color="warning" icon={<ExclamationCircleFilled />}>
              {t('profile.email.unverified')}
            </Tag>
          )}
          <Button onClick={() => setEmailOpen(true)}>{t('profile.email.change')}</Button>
        </div>
      </div>
      <EmailChangeModal open={emailOpen} onClose={() => setEmailOpen(false)} />
    </ProfileSection>
  );
}
