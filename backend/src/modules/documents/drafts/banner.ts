/**
 * The mark every bundled draft opens with: the texts are a starting point for the cinema's lawyer, not advice;
 * the requisites in square brackets are the operator's to fill in.
 */
export const DRAFT_BANNER =
  '> **Черновик для юриста кинотеатра.** Текст подготовлен как образец и до публикации должен быть проверен ' +
  'и утверждён юристом оператора. Сведения в квадратных скобках — реквизиты, которые нужно заполнить.';

/** Who the operator is, as every draft names it until the lawyer fills it in. */
export const OPERATOR =
  '[полное наименование юридического лица], ИНН [ИНН], ОГРН [ОГРН], адрес: [юридический адрес] (далее — Оператор)';

export const CONTACT_EMAIL = '[адрес электронной почты для обращений]';
