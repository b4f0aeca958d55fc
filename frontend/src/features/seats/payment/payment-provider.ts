/**
 * Where the money would be taken. For now a built-in confirmation stands in for it; a card
 * acquirer would implement the same interface and be chosen here.
 */
export interface PaymentOrder {
  /** Roubles. */
  amount: number;
  description: string;
}

export type PaymentResult = { ok: true } | { ok: false; message: string };

export interface PaymentProvider {
  /** What the pay button says. */
  actionLabel: string;
  /** A line under the button telling how payment works. */
  note: string;
  pay(order: PaymentOrder): Promise<PaymentResult>;
}

/** Confirmation without an external payment step. */
export const confirmationProvider: PaymentProvider = {
  actionLabel: 'Оплатить',
  note: 'Демонстрационная оплата: деньги не списываются',
  pay: async () => ({ ok: true }),
};

export const paymentProvider: PaymentProvider = confirmationProvider;
