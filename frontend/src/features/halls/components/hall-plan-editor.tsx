/**
 * /admin/dashboard/halls/{id}/plan: the hall's plan editor. Rows × places, a tool (a zone,
 * a flag, an aisle, the best point) painted over seats, the preview as a viewer sees it, and one save
 * (PUT /api/halls/{id}/plan). A refusal keeps every change on screen: a 409 lists the future
 * sessions whose sold or held seats the plan would remove or block, a 400 says what is wrong.
 */
import { MAX_PLAN_PLACES, MAX_PLAN_ROWS, MAX_WHEELCHAIR_HOLD_BACK_HOURS, type HallPlan } from '@kino/backend/contract';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { type ApiError } from '../../../shared/api/client';
import { formErrors } from '../../../shared/api/form-errors';
import { FormMessage, TextField, formStyles } from '../../../shared/ui/form';
import { useSaveHallPlan } from '../api/plans';
import { conflictSessions } from '../lib/plan-conflict';
import {
  FLAG_LABELS,
  apply,
  fromPlan,
  resize,
  samePlan,
  sizeProblem,
  sofaPairs,
  strokeOf,
  summary,
  toBody,
  type EditorPlan,
  type SeatFlag,
  type Stroke,
  type Tool,
} from '../lib/plan-editor';
import { PlanGrid } from './plan-grid';
import { PlanPreview } from './plan-preview';
import styles from './plan-editor.module.css';

/** How many steps back 'Шаг назад' can go. */
const UNDO_STEPS = 50;

const toolId = (tool: Tool) =>
  tool.kind === 'zone' ? `zone:${tool.zone}` : tool.kind === 'flag' ? `flag:${tool.flag}` : tool.kind;

export function HallPlanEditor({ hall }: { hall: HallPlan }) {
  const [saved, setSaved] = useState(() => fromPlan(hall));
  const [plan, setPlan] = useState(saved);
  const [tool, setTool] = useState<Tool>({
    kind: 'zone',
    zone: hall.zones.find((z) => z.code !== 'standard')?.code ?? 'standard',
  });
  const stroke = useRef<Stroke | null>(null);
  const save = useSaveHallPlan();
  const dirty = !samePlan(plan, saved);
  const titleId = useId();

  const zones = useMemo(() => new Map(hall.zones.map((z) => [z.code, z])), [hall.zones]);
  const paired = useMemo(
    () => new Set(hall.zones.filter((z) => z.seats_per_unit > 1).map((z) => z.code)),
    [hall.zones],
  );
  const { pairs, single } = useMemo(() => sofaPairs(plan, paired), [plan, paired]);
  const counts = summary(plan);

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The plans before each stroke and resize, newest last: 'Шаг назад' (or Ctrl+Z) goes back one.
  const [history, setHistory] = useState<EditorPlan[]>([]);
  const remember = () => setHistory((past) => [...past.slice(-(UNDO_STEPS - 1)), plan]);
  const undo = () => {
    const previous = history.at(-1);
    if (!previous || save.isPending) return;
    setHistory(history.slice(0, -1));
    setPlan(previous);
  };
  // Ctrl+Z (⌘Z) anywhere in the editor but in its text fields.
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if ((event.target as HTMLElement).closest('input, select, textarea')) return;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      undo();
    }
  };

  const paint = (row: number, place: number, first: boolean) => {
    if (save.isPending) return;
    if (first) remember();
    setPlan((current) => {
      const seat = current.seats.find((s) => s.row === row && s.place === place);
      if (!seat) return current;
      if (first || !stroke.current) stroke.current = strokeOf(current, tool, seat);
      return apply(current, stroke.current, row, place);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { params: { id: String(hall.hall_id) }, body: toBody(plan) },
      {
        onSuccess: (answer) => {
          const next = fromPlan(answer);
          setSaved(next);
          setPlan(next);
          setHistory([]);
        },
      },
    );
  };

  const tools: { tool: Tool; label: string }[] = [
    ...hall.zones.map((z) => ({ tool: { kind: 'zone', zone: z.code } as Tool, label: `Зона «${z.name}»` })),
    ...(Object.keys(FLAG_LABELS) as SeatFlag[]).map((flag) => ({
      tool: { kind: 'flag', flag } as Tool,
      label: FLAG_LABELS[flag],
    })),
    { tool: { kind: 'gap' }, label: 'Проход слева от места' },
    { tool: { kind: 'best' }, label: 'Лучшая точка зала' },
  ];

  return (
    <section className={styles.page} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className={styles.head}>
        <h1 id={titleId}>План зала «{hall.name}»</h1>
        <Link to={paths.adminSection('halls')}>← Все залы</Link>
      </header>

      <SizeForm
        key={`${plan.rows}x${plan.places}`}
        rows={plan.rows}
        places={plan.places}
        disabled={save.isPending}
        onResize={(rows, places) => {
          remember();
          setPlan((current) => resize(current, rows, places));
        }}
      />

      <fieldset className={styles.tools} disabled={save.isPending}>
        <legend>Инструмент</legend>
        {tools.map(({ tool: option, label }) => (
          <label key={toolId(option)} className={styles.tool}>
            <input
              type="radio"
              name="plan-tool"
              checked={toolId(tool) === toolId(option)}
              onChange={() => setTool(option)}
            />
            {option.kind === 'zone' && (
              <span
                className={styles.swatch}
                style={{ '--zone': zones.get(option.zone)?.color } as CSSProperties}
                aria-hidden="true"
              />
            )}
            {label}
          </label>
        ))}
        <p className={formStyles.hint}>
          Нажмите на место или проведите по нескольким. Отметка и проход снимаются, если место, с которого вы начали,
          уже их имеет. С клавиатуры: стрелки — переход между местами, Enter или пробел — применить.
        </p>
      </fieldset>

      <PlanGrid plan={plan} zones={zones} pairs={pairs} onPaint={paint} />

      <p className={styles.summary} aria-live="polite">
        Мест в продаже: {counts.capacity}
        {hall.zones.filter((z) => counts.zones.get(z.code)).map((z) => ` · ${z.name}: ${counts.zones.get(z.code)}`)}
        {counts.blocked > 0 && ` · не продаётся: ${counts.blocked}`}
        {counts.wheelchair > 0 && ` · для колясок: ${counts.wheelchair}`}
      </p>
      <TextField
        label="Места для колясок в общей продаже — за сколько часов до сеанса"
        hint="Пусто — сразу, как любое место. До этого срока их продаёт только касса. От 1 до 168 часов."
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_WHEELCHAIR_HOLD_BACK_HOURS}
        step={1}
        value={plan.holdBackHours ?? ''}
        disabled={save.isPending}
        onChange={(event) => {
          const text = event.target.value;
          setPlan((current) => ({ ...current, holdBackHours: text === '' ? null : Number(text) }));
        }}
      />
      <TextField
        label="Название зала в ЕАИС"
        hint="Как зал зарегистрирован в ЕАИС (например, «Зал 4»): так он называется в отчётах о продажах. Пусто — название зала."
        maxLength={100}
        value={plan.showroom}
        disabled={save.isPending}
        onChange={(event) => {
          const text = event.target.value;
          setPlan((current) => ({ ...current, showroom: text }));
        }}
      />
      {single.length > 0 && (
        <p className={styles.warning}>
          Диван — два соседних места. Без пары останутся:{' '}
          {single.map((s) => `ряд ${s.row}, место ${s.place}`).join('; ')}.
        </p>
      )}

      <form className={styles.saveBar} onSubmit={submit} noValidate>
        <button
          type="button"
          className={styles.secondary}
          disabled={save.isPending || history.length === 0}
          onClick={undo}
          aria-keyshortcuts="Control+Z"
        >
          Шаг назад
        </button>
        <button
          type="submit"
          className={formStyles.submit}
          disabled={save.isPending || !dirty}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Сохранение...' : 'Сохранить план'}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={save.isPending || !dirty}
          onClick={() => {
            remember();
            setPlan(saved);
            save.reset();
          }}
        >
          Отменить изменения
        </button>
        {dirty && !save.isPending && <span className={styles.dirty}>Есть несохранённые изменения</span>}
      </form>
      {save.isSuccess && !dirty && <FormMessage kind="success">План сохранён</FormMessage>}
      {save.isError && <SaveError error={save.error} />}

      <section className={styles.previewSection} aria-labelledby={`${titleId}-preview`}>
        <h2 id={`${titleId}-preview`}>Так зал увидит зритель</h2>
        <PlanPreview plan={plan} zones={hall.zones} pairs={pairs} />
      </section>
    </section>
  );
}

function SizeForm({
  rows,
  places,
  disabled,
  onResize,
}: {
  rows: number;
  places: number;
  disabled: boolean;
  onResize: (rows: number, places: number) => void;
}) {
  const [values, setValues] = useState({ rows: String(rows), places: String(places) });
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { rows: Number(values.rows), places: Number(values.places) };
    const why = sizeProblem(next.rows, next.places);
    if (why) return setProblem(why);
    setProblem(undefined);
    onResize(next.rows, next.places);
  };
  return (
    <form className={styles.size} onSubmit={submit} noValidate aria-label="Размер зала">
      <TextField
        label="Рядов"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PLAN_ROWS}
        value={values.rows}
        onChange={(e) => setValues({ ...values, rows: e.target.value })}
        disabled={disabled}
      />
      <TextField
        label="Мест в ряду"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PLAN_PLACES}
        value={values.places}
        onChange={(e) => setValues({ ...values, places: e.target.value })}
        disabled={disabled}
      />
      <button type="submit" className={styles.secondary} disabled={disabled}>
        Изменить размер
      </button>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
    </form>
  );
}

function SaveError({ error }: { error: ApiError }) {
  const sessions = error.status === 409 ? conflictSessions(error.details) : [];
  const { fields, message } = formErrors(error);
  const fieldMessages = [...new Set(Object.values(fields))];
  return (
    <div role="alert" className={styles.error}>
      <p>
        {sessions.length > 0
          ? 'План не сохранён: он убирает или блокирует места, проданные или занятые на будущие сеансы.'
          : `План не сохранён${message ? `: ${message}` : ''}`}
      </p>
      {sessions.length > 0 && (
        <>
          <p>Сеансы, которым мешает новый план:</p>
          <ul>
            {sessions.map((s) => (
              <li key={s.id}>{s.text}</li>
            ))}
          </ul>
        </>
      )}
      {fieldMessages.length > 0 && (
        <ul>
          {fieldMessages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <p>Изменения остались на экране: исправьте план и сохраните снова.</p>
    </div>
  );
}
