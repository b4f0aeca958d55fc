/**
 * The till's second screen (the buyer's, /admin/till/display, opened from the till in another window on
 * the same computer): the till tells it over a BroadcastChannel what to show — the SBP QR with its amount
 * and deadline while one waits for the buyer, otherwise nothing. A screen opened late asks for the current
 * state. Without BroadcastChannel (an old browser) there is simply no second screen.
 */
const CHANNEL = 'kino-till-display';

export type DisplayState =
  | { kind: 'idle' }
  /** `deadline`: when the QR stops being payable, on this computer's clock (ms). */
  | { kind: 'sbp'; qr: string; total: number; deadline: number };

type Message = { type: 'show'; state: DisplayState } | { type: 'ask' };

const open = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/** The till's side: `show(state)` whenever it changes; answers a screen that opens later. */
function tillDisplaySender() {
  const channel = open();
  let current: DisplayState = { kind: 'idle' };
  if (channel)
    channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data.type === 'ask') channel.postMessage({ type: 'show', state: current } satisfies Message);
    };
  return {
    show(state: DisplayState) {
      current = state;
      channel?.postMessage({ type: 'show', state } satisfies Message);
    },
    close() {
      channel?.close();
    },
  };
}

/** The screen's side: calls `onShow` with each state; the returned function stops listening. */
export function listenToTill(onShow: (state: DisplayState) => void): () => void {
  const channel = open();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data.type === 'show') onShow(event.data.state);
  };
  channel.postMessage({ type: 'ask' } satisfies Message);
  return () => channel.close();
}

let sender: ReturnType<typeof tillDisplaySender> | undefined;

/** What the buyer's screen shows, told by the till page (one sender a page). */
export function showOnDisplay(state: DisplayState) {
  sender ??= tillDisplaySender();
  sender.show(state);
}
