/**
 * /admin/dashboard/promo-codes: the codes page by page with a search by code, how often
 * each was used, and a dialog to create or edit one (kind, value, validity days, total and per-buyer
 * limits, optional films and sessions). Deleting a used code only switches it off (the server
 * decides; the message says which happened).
 */
import { formatDate, toCinemaDate, type PromoCode } from '@kino/backend/contract';
import { useState } from 'react';
import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { FormMessage } from '../../../shared/ui/form';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { RowActions, RowButton } from '../../../shared/ui/row-actions';
import { discountText, promoFormValues } from '../lib/promo-form';
import { PromoCodeDialog } from './promo-code-dialog';
import styles from './promo-codes.module.css';

const periodText = (promo: PromoCode) => {
  const { valid_from, valid_until } = promoFormValues(promo, '');
  return `${formatDate(valid_from).replace(/ г\.$/, '')} — ${formatDate(valid_until)}`;
};

export function PromoCodesPage() {
  useDocumentTitle('Промокоды');
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ promo?: PromoCode } | null>(null);
  const [notice, setNotice] = useState<string>();
  const remove = useApiMutation('DELETE /promo-codes/:id', {
    onSuccess: () => void invalidate(queryClient, 'GET /promo-codes'),
  });
  const del = (promo: PromoCode) => {
    const question =
      promo.used > 0
        ? `Промокод ${promo.code} уже использован (${promo.used}): он будет выключен, а не удалён. Продолжить?`
        : `Удалить промокод ${promo.code}?`;
    if (!window.confirm(question)) return;
    setNotice(undefined);
    remove.mutate(
      { params: { id: String(promo.id) } },
      {
        onSuccess: () =>
          setNotice(promo.used > 0 ? `Промокод ${promo.code} выключен` : `Промокод ${promo.code} удалён`),
      },
    );
  };

  return (
    <>
      <ResourceTable
        title="Промокоды"
        endpoint="GET /promo-codes"
        search="Поиск по коду"
        notFound="Таких промокодов нет"
        actions={
          can('promo', 'create') && (
            <button type="button" className={styles.add} onClick={() => setEditing({})}>
              Добавить промокод
            </button>
          )
        }
        toolbar={
          <div className={styles.notices} aria-live="polite">
            {notice && <FormMessage kind="success">{notice}</FormMessage>}
            {remove.isError && <FormMessage kind="error">Не удалось удалить: {remove.error.message}</FormMessage>}
          </div>
        }
        columns={[
          { header: 'Код', cell: (p) => <span className={styles.code}>{p.code}</span> },
          { header: 'Скидка', cell: (p) => discountText(p), numeric: true },
          { header: 'Действует', cell: (p) => periodText(p) },
          {
            header: 'Использован',
            cell: (p) => (p.total_limit === null ? p.used : `${p.used} из ${p.total_limit}`),
            numeric: true,
          },
          { header: 'На покупателя', cell: (p) => p.per_buyer_limit ?? 'без ограничений', numeric: true },
          {
            header: 'Где действует',
            cell: (p) =>
              [
                p.film_ids.length > 0 && `фильмов: ${p.film_ids.length}`,
                p.session_ids.length > 0 && `сеансов: ${p.session_ids.length}`,
              ]
                .filter(Boolean)
                .join(', ') || 'везде',
          },
          { header: 'Статус', cell: (p) => statusText(p) },
          {
            header: 'Действия',
            cell: (p) => (
              <RowActions>
                {can('promo', 'update') && (
                  <RowButton onClick={() => setEditing({ promo: p })} aria-label={`Изменить промокод ${p.code}`}>
                    Изменить
                  </RowButton>
                )}
                {can('promo', 'delete') && (
                  <RowButton
                    danger
                    disabled={remove.isPending}
                    onClick={() => del(p)}
                    aria-label={`Удалить промокод ${p.code}`}
                  >
                    Удалить
                  </RowButton>
                )}
              </RowActions>
            ),
          },
        ]}
        loading="Загрузка промокодов..."
        empty="Промокодов пока нет"
        error="Не удалось загрузить промокоды"
      />
      {editing && (
        <PromoCodeDialog
          promo={editing.promo}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            setNotice(editing.promo ? `Промокод ${saved.code} сохранён` : `Промокод ${saved.code} создан`)
          }
        />
      )}
    </>
  );
}

function statusText(promo: PromoCode): string {
  if (!promo.active) return 'Выключен';
  const now = Date.now();
  if (Date.parse(promo.valid_from) > now) return `С ${formatDate(toCinemaDate(new Date(promo.valid_from)))}`;
  if (Date.parse(promo.valid_until) <= now) return 'Срок истёк';
  if (promo.total_limit !== null && promo.used >= promo.total_limit) return 'Исчерпан';
  return 'Действует';
}
