import { REGISTRATION_BIRTHDAY, RegisterBodySchema } from '@kino/backend/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { ConsentBox } from '../../../shared/ui/consent-boxes';
import { EmailField, FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useRegister } from '../api/auth';
import { SocialSignIn } from './social-sign-in';

/**
 * The repeat is checked here and never sent; checked even while another field is wrong (an unticked consent),
 * so every mistake shows at once.
 */
const RegisterFormSchema = RegisterBodySchema.extend({ repeat: RegisterBodySchema.shape.password }).refine(
  (form) => form.password === form.repeat,
  {
    path: ['repeat'],
    message: 'Пароли не совпадают',
    when: ({ value }) => {
      const form = value as { password?: unknown; repeat?: unknown };
      return typeof form.password === 'string' && typeof form.repeat === 'string';
    },
  },
);

/**
 * /register: e-mail, name, password twice, birth date, the processing consent (required) and the marketing one
 * (optional), both unticked; success goes to /login.
 */
export function RegisterForm() {
  const navigate = useNavigate();
  const form = useContractForm({
    schema: RegisterFormSchema,
    initial: {
      email: '',
      fio: '',
      password: '',
      repeat: '',
      birthday: '',
      provider: 'youth',
      personal_data_consent: undefined,
      marketing_consent: false,
    },
    mutation: useRegister(),
    toInput: ({ repeat: _repeat, ...body }) => ({ body }),
    onSuccess: (_user, { email }) => navigate(paths.login, { state: { registered: email } }),
  });

  return (
    <FormCard title="Регистрация">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <EmailField {...form.field('email')} />
        <TextField label="Имя или никнейм" autoComplete="name" required {...form.field('fio')} />
        <TextField
          label="Пароль"
          type="password"
          autoComplete="new-password"
          required
          hint="Не короче 8 символов"
          {...form.field('password')}
        />
        <TextField
          label="Повторите пароль"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('repeat')}
        />
        <TextField
          label="Дата рождения"
          type="date"
          required
          min={REGISTRATION_BIRTHDAY.min}
          max={REGISTRATION_BIRTHDAY.max}
          {...form.field('birthday')}
        />
        <ConsentBox
          document="personal-data-consent"
          checked={form.values.personal_data_consent === true}
          onChange={(checked) => form.set('personal_data_consent', checked ? true : undefined)}
          error={form.errors.personal_data_consent}
        />
        <ConsentBox
          document="marketing-consent"
          checked={form.values.marketing_consent === true}
          onChange={(checked) => form.set('marketing_consent', checked)}
          error={form.errors.marketing_consent}
        />
        <SubmitButton saving={form.saving} savingLabel="Регистрация...">
          Зарегистрироваться
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.login}>Уже есть аккаунт? Войти</Link>
      </div>
      <SocialSignIn />
    </FormCard>
  );
}
