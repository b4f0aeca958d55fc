/** Job ids of the session jobs: one job per cause, whoever enqueues it and however often. */
export const sessionJobIds = {
  cancelledMail: (sessionId: number) => `mail-session-cancelled-${sessionId}`,
};
