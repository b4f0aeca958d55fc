/** Job ids of the session jobs: one job per cause, whoever enqueues it and however often. */
export const sessionJobIds = {
  cancelledRefunds: (sessionId: number) => `session-cancelled-refunds-${sessionId}`,
  cancelledMail: (sessionId: number) => `mail-session-cancelled-${sessionId}`,
};
