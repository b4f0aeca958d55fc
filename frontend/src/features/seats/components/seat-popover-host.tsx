/**
 * Provides the seat popover opener to every page and shows the popover. The open session lives
 * in the address (?seats=<id>), so a refresh reopens it with the viewer's seats still held.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SeatPopoverContext, type SeatPopoverRequest, type SessionChoice } from '../../../shared/seats/seat-popover';
import { useInBrowser } from '../../../shared/ssr/client-only';

// Loaded when first opened: the socket client stays out of the pages' bundle.
const SeatPopover = lazy(() => import('./seat-popover'));

const PARAM = 'seats';
/** Opening or closing the popover is not a page change: the page keeps its scroll. */
const KEEP_SCROLL = { state: { keepScroll: true } };

export function SeatPopoverHost({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const [choices, setChoices] = useState<SessionChoice[] | undefined>();
  const sessionId = Number(params.get(PARAM)) || null;
  // The popover lives in the browser only (a live socket, this tab's storage): a page rendered on the
  // server with ?seats= in its address sends the page, and the popover opens once it is hydrated.
  const inBrowser = useInBrowser();

  const show = useCallback(
    (id: number, replace = false) =>
      setParams(
        (p) => {
          p.set(PARAM, String(id));
          return p;
        },
        { ...KEEP_SCROLL, replace },
      ),
    [setParams],
  );
  const open = useCallback(
    (request: SeatPopoverRequest) => {
      setChoices(request.choices);
      show(request.sessionId);
    },
    [show],
  );
  const close = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete(PARAM);
          return p;
        },
        { ...KEEP_SCROLL, replace: true },
      ),
    [setParams],
  );

  return (
    <SeatPopoverContext value={open}>
      {children}
      {sessionId !== null && inBrowser && (
        <Suspense>
          <SeatPopover
            sessionId={sessionId}
            choices={choices}
            onSessionChange={(id) => show(id, true)}
            onClose={close}
          />
        </Suspense>
      )}
    </SeatPopoverContext>
  );
}
