/**
 * The door (/admin/dashboard/tickets/check-in): the cashier scans a ticket's QR with the device
 * camera, or types (or a hand scanner types) its code, and reads the answer at a glance: a big green
 * 'Вход разрешён' with the film, session, hall, row and seat, zone and ticket type ('Проверьте документ'
 * in large letters for a reduced price the door must check), or a big red 'Вход запрещён' with the
 * reason (used at what time, refunded, door not open, forged). The server decides; this only asks.
 */
import { formatSessionTime, formatShortTime, type CheckInResult } from '@kino/backend/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../shared/api/client';
import { useApiMutation } from '../../../shared/api/hooks';
import { cameraAvailable, useQrScanner } from '../api/use-qr-scanner';
import styles from './check-in-screen.module.css';

type Outcome = { code: string; at: number } & (
  | { kind: 'admitted'; result: CheckInResult }
  | { kind: 'refused'; title: string; reason: string }
  /** A Pushkin card ticket: the holder's ID is checked before the ticket is admitted. */
  | { kind: 'holder'; visitorName: string }
);

/**
 * The camera sees a ticket held up several times a second: it is checked once, and again only after
 * it was out of sight this long (taken away and shown anew: then a second check says it is used).
 */
const OUT_OF_SIGHT_MS = 2000;

function refusalOf(error: unknown): { title: string; reason: string } {
  if (!(error instanceof ApiError))
    return { title: 'Ошибка', reason: 'Не удалось проверить билет. Попробуйте ещё раз' };
  const details = (error.details ?? {}) as { used_at?: string };
  switch (error.code) {
    case 'ticket_used':
      return {
        title: 'Билет уже использован',
        reason: details.used_at ? `Вход по нему был ${formatShortTime(details.used_at)}` : error.message,
      };
    case 'ticket_refunded':
      return { title: 'Билет возвращён', reason: error.message };
    case 'door_closed':
      return { title: 'Вход на сеанс закрыт', reason: error.message };
    case 'ticket_code_invalid':
      return { title: 'Недействительный код', reason: 'Код подделан или повреждён. Проверьте билет на кассе' };
    case 'invalid_input':
      return { title: 'Недействительный код', reason: error.fields.code ?? error.message };
    case 'not_found':
      return { title: 'Билет не найден', reason: 'Такого билета нет. Проверьте билет на кассе' };
    case 'network':
      return { title: 'Нет связи', reason: error.message };
    default:
      return { title: 'Ошибка', reason: error.message };
  }
}

/** A short buzz for admitted, three for refused, on phones that can. */
const buzz = (admitted: boolean) => navigator.vibrate?.(admitted ? 150 : [120, 60, 120, 60, 120]);

export function CheckInScreen() {
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const seen = useRef<{ code: string; at: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const checkIn = useApiMutation('POST /tickets/check-in');
  const scanner = useQrScanner((code) => {
    if (checkIn.isPending) return;
    const now = Date.now();
    const before = seen.current;
    seen.current = { code, at: now };
    if (before?.code !== code || now - before.at > OUT_OF_SIGHT_MS) check(code.trim());
  });

  function check(code: string, holderIdChecked = false) {
    if (!code || checkIn.isPending) return;
    const now = Date.now();
    checkIn.mutate(
      { body: { code, ...(holderIdChecked ? { holder_id_checked: true } : {}) } },
      {
        onSuccess: (result) => {
          setOutcome({ kind: 'admitted', result, code, at: now });
          buzz(true);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'pushkin_id_required') {
            const details = (error.details ?? {}) as { visitor_name?: string };
            setOutcome({ kind: 'holder', visitorName: details.visitor_name ?? '', code, at: now });
            return;
          }
          setOutcome({ kind: 'refused', ...refusalOf(error), code, at: now });
          buzz(false);
        },
        onSettled: () => input.current?.select(),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    check(typed.trim());
  }

  function next() {
    setOutcome(null);
    setTyped('');
    seen.current = null;
    input.current?.focus();
  }

  return (
    <section aria-labelledby="check-in-title" className={styles.screen}>
      <div className={styles.head}>
        <h1 id="check-in-title" className={styles.title}>
          Проверка билетов
        </h1>
        <Link to={paths.adminSection('tickets')}>Все билеты</Link>
      </div>

      <div className={styles.layout}>
        <div className={styles.inputs}>
          {cameraAvailable() ? (
            <div className={styles.camera}>
              {/* The video stays mounted: the scanner attaches the stream to it. */}
              <video
                ref={scanner.videoRef}
                className={styles.video}
                hidden={scanner.state !== 'on' && scanner.state !== 'starting'}
                muted
                playsInline
                aria-label="Изображение с камеры"
              />
              {scanner.state === 'on' || scanner.state === 'starting' ? (
                <button type="button" className={styles.secondary} onClick={scanner.stop}>
                  Выключить камеру
                </button>
              ) : (
                <button type="button" className={styles.primary} onClick={() => void scanner.start()}>
                  Сканировать камерой
                </button>
              )}
              {scanner.state === 'starting' && <p role="status">Включаем камеру...</p>}
              {scanner.state === 'on' && <p className={styles.hint}>Наведите камеру на QR-код билета</p>}
              {scanner.state === 'error' && (
                <p role="alert" className={styles.problem}>
                  {scanner.problem}
                </p>
              )}
            </div>
          ) : (
            <p className={styles.hint}>Камера недоступна на этой странице (нужен HTTPS). Введите код билета вручную.</p>
          )}

          <form className={styles.form} onSubmit={submit} noValidate>
            <label htmlFor="ticket-code" className={styles.label}>
              Код билета
            </label>
            <div className={styles.row}>
              <input
                ref={input}
                id="ticket-code"
                className={styles.input}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder="KINO-…"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="go"
                aria-describedby="ticket-code-hint"
                autoFocus
              />
              <button type="submit" className={styles.primary} disabled={checkIn.isPending || !typed.trim()}>
                {checkIn.isPending ? 'Проверка...' : 'Проверить'}
              </button>
            </div>
            <p id="ticket-code-hint" className={styles.hint}>
              Код напечатан под QR-кодом билета. Ручной сканер вводит его сюда сам.
            </p>
          </form>
        </div>

        <div className={styles.answer} aria-live="assertive" aria-atomic="true">
          {outcome ? (
            <OutcomeCard outcome={outcome} onNext={next} onHolderChecked={() => check(outcome.code, true)} />
          ) : (
            <p className={styles.waiting}>Ожидание билета</p>
          )}
        </div>
      </div>
    </section>
  );
}

function OutcomeCard({
  outcome,
  onNext,
  onHolderChecked,
}: {
  outcome: Outcome;
  onNext: () => void;
  onHolderChecked: () => void;
}) {
  if (outcome.kind === 'holder') {
    return (
      <div className={`${styles.card} ${styles.refused}`} data-outcome="holder">
        <p className={styles.verdict}>Билет по Пушкинской карте</p>
        <p className={styles.checkDocument}>
          <span aria-hidden="true">⚠ </span>Проверьте документ, удостоверяющий личность: {outcome.visitorName}
        </p>
        <p>Билет именной: пройти может только владелец карты.</p>
        <button type="button" className={styles.next} onClick={onHolderChecked}>
          Документ проверен — пропустить
        </button>
        <button type="button" className={styles.next} onClick={onNext}>
          Не пропускать
        </button>
      </div>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <div className={`${styles.card} ${styles.refused}`} data-outcome="refused">
        <p className={styles.verdict}>
          <span aria-hidden="true">✕ </span>Вход запрещён
        </p>
        <p className={styles.reason}>{outcome.title}</p>
        <p>{outcome.reason}</p>
        <button type="button" className={styles.next} onClick={onNext}>
          Следующий билет
        </button>
      </div>
    );
  }
  const { result } = outcome;
  const checkDocument = result.ticket_type.check_document;
  return (
    <div className={`${styles.card} ${styles.admitted}`} data-outcome="admitted">
      <p className={styles.verdict}>
        <span aria-hidden="true">✓ </span>Вход разрешён
      </p>
      {/* A reduced price: the cashier asks for the child's, student's or pensioner's document. */}
      {checkDocument && (
        <p className={styles.checkDocument}>
          <span aria-hidden="true">⚠ </span>Проверьте документ: {result.ticket_type.name.toLowerCase()} билет
        </p>
      )}
      <p className={styles.film}>
        {result.film.title} <span className={styles.age}>{result.film.age}+</span>
      </p>
      <p>{formatSessionTime(result.session.start_time)}</p>
      <p>{result.hall.name}</p>
      <dl className={styles.seat}>
        <div>
          <dt>Ряд</dt>
          <dd>{result.row}</dd>
        </div>
        <div>
          <dt>Место</dt>
          <dd>{result.seat}</dd>
        </div>
      </dl>
      <p className={styles.kind}>
        {result.zone.name}, {result.ticket_type.name}
      </p>
      <p className={styles.small}>Билет №{result.ticket_id}</p>
      <button type="button" className={styles.next} onClick={onNext}>
        Следующий билет
      </button>
    </div>
  );
}
