/**
 * Opening the seat popover from any page (the home schedule's time buttons, the film page's buy
 * button) without importing the seats feature: the app provides the opener.
 */
import { createContext, useContext } from 'react';

/** A session offered in the popover's date and time selectors. */
export interface SessionChoice {
  id: number;
  /** Cinema wall-clock 'YYYY-MM-DD HH:mm:ss'. */
  start_time: string;
}

export interface SeatPopoverRequest {
  sessionId: number;
  /** Film page: the film's sessions, for choosing the date and time in the popover. */
  choices?: SessionChoice[];
}

export const SeatPopoverContext = createContext<(request: SeatPopoverRequest) => void>(() => undefined);

/** `open({ sessionId })` shows the seat popover for that session. */
export const useOpenSeatPopover = () => useContext(SeatPopoverContext);
