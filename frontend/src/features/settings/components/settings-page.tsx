/**
 * /admin/dashboard/settings (the admin): the cinema's details and its legal entity, read by the pages, the
 * structured data, the mails, the PDFs, the receipts and ЕАИС. Before they are first saved a deployment is
 * being set up: this form (empty, nothing made up) is what the admin is shown, and the public pages say the
 * site is opening soon. Checked with the contract's schema before sending (ИНН and ОГРН with their check
 * digits); the server's field messages show beside the same fields.
 */
import { TAXATION_LABELS, TAXATION_SYSTEMS, type CinemaSettings } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { usePageMeta } from '../../../shared/lib/page-meta';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField, formStyles } from '../../../shared/ui/form';
import { QueryState } from '../../../shared/ui/query-state';
import { useCinemaSettings, useSaveCinemaSettings } from '../api/settings';
import { CinemaSettingsFormSchema, formValuesOf, listError } from '../lib/settings-form';
import styles from './settings-page.module.css';

export function SettingsPage() {
  const settings = useCinemaSettings();
  usePageMeta({ title: 'Настройки кинотеатра' });
  return (
    <QueryState query={settings} loading="Загрузка настроек..." error="Не удалось загрузить настройки">
      {(saved) => <SettingsForm saved={saved} />}
    </QueryState>
  );
}

function SettingsForm({ saved }: { saved: CinemaSettings | null }) {
  const mutation = useSaveCinemaSettings();
  const form = useContractForm({
    schema: CinemaSettingsFormSchema,
    initial: formValuesOf(saved),
    mutation,
    toInput: (body) => ({ body }),
  });
  const firstSetup = saved === null;
  const list = (name: 'directions' | 'social' | 'halls') => ({
    ...form.field(name),
    error: listError(form.errors, name),
  });

  return (
    <div className={styles.page}>
      <h1>{firstSetup ? 'Настройка кинотеатра' : 'Настройки кинотеатра'}</h1>
      {firstSetup && (
        <p className={styles.intro}>
          Сайт ещё не открыт для зрителей: заполните сведения о кинотеатре. Их покажут страницы сайта, письма, билеты,
          кассовые чеки и отчёты в ЕАИС.
        </p>
      )}
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <fieldset className={styles.group}>
          <legend>Кинотеатр</legend>
          <div className={styles.grid}>
            <TextField label="Название" hint="Как в заголовках: Кинотеатр «Ракета»" required {...form.field('name')} />
            <TextField
              label="Короткое название"
              hint="На логотипе и в письмах: Ракета"
              required
              {...form.field('short_name')}
            />
            <TextField
              label="Телефон"
              type="tel"
              autoComplete="off"
              hint="+7 (495) 123-45-67"
              required
              {...form.field('phone')}
            />
            <TextField label="Электронная почта" type="email" autoComplete="off" required {...form.field('email')} />
            <TextField
              label="Открывается в"
              inputMode="numeric"
              hint="ЧЧ:ММ, каждый день"
              required
              {...form.field('opens')}
            />
            <TextField
              label="Закрывается в"
              inputMode="numeric"
              hint="ЧЧ:ММ; после полуночи — например, 01:00"
              required
              {...form.field('closes')}
            />
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Адрес и карта</legend>
          <div className={styles.grid}>
            <TextField label="Город" required {...form.field('city')} />
            <TextField label="Улица и дом" required {...form.field('street_address')} />
            <TextField label="Индекс" inputMode="numeric" {...form.field('postal_code')} />
            <TextField
              label="Широта"
              inputMode="decimal"
              hint="Например, 55.7594"
              required
              {...form.field('latitude')}
            />
            <TextField
              label="Долгота"
              inputMode="decimal"
              hint="Например, 37.6481"
              required
              {...form.field('longitude')}
            />
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Для зрителей</legend>
          <TextAreaField label="Как добраться" hint="Каждый способ с новой строки" {...list('directions')} />
          <TextField label="Парковка" {...form.field('parking')} />
          <TextAreaField label="Залы" hint="Каждый зал с новой строки: Зал 1 | IMAX и 3D" {...list('halls')} />
          <TextAreaField
            label="Соцсети"
            hint="Каждая ссылка с новой строки: ВКонтакте | https://vk.com/…"
            {...list('social')}
          />
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Юридическое лицо</legend>
          <p className={styles.note}>
            Печатается на билетах и чеках, уходит в ЕАИС и показывается внизу каждой страницы.
          </p>
          <div className={styles.grid}>
            <TextField label="Наименование" hint="ООО «…» или ИП …" required {...form.field('legal_name')} />
            <TextField label="ИНН" inputMode="numeric" hint="10 цифр, у ИП — 12" required {...form.field('inn')} />
            <TextField
              label="ОГРН или ОГРНИП"
              inputMode="numeric"
              hint="13 цифр, у ИП — 15"
              required
              {...form.field('ogrn')}
            />
            <SelectField label="Система налогообложения" required {...form.field('taxation')}>
              <option value="">Выберите систему</option>
              {TAXATION_SYSTEMS.map((system) => (
                <option key={system} value={system}>
                  {TAXATION_LABELS[system]}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField label="Юридический адрес" required {...form.field('legal_address')} />
        </fieldset>
        {form.succeeded && (
          <FormMessage kind="success">
            Сохранено: сайт уже показывает эти сведения. <Link to={paths.home}>Открыть сайт</Link>
          </FormMessage>
        )}
        <SubmitButton saving={form.saving}>Сохранить</SubmitButton>
      </form>
    </div>
  );
}
