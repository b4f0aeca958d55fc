/** The cinema's promotions, each running around the day of the first seed. */
export interface SeedPromotion {
  slug: string;
  title: string;
  text: string;
  /** Started this many days before the first seed… */
  startedDaysAgo: number;
  /** …and ends this many days after it. */
  endsInDays: number;
}

export const PROMOTIONS: readonly SeedPromotion[] = [
  {
    slug: 'morning',
    title: 'Утро в кино — 250 ₽',
    text:
      'Все сеансы, которые начинаются до 12:00, — по 250 рублей в любой зал, кроме IMAX. ' +
      'Лучший способ начать выходной: пустой зал, свежий попкорн и фильм без спешки.',
    startedDaysAgo: 30,
    endsInDays: 90,
  },
  {
    slug: 'students',
    title: 'Студенческая среда: скидка 30%',
    text:
      'По средам студенты очной формы обучения получают скидку 30% на любой сеанс. ' +
      'Покажите студенческий билет на входе в зал — скидка действует на один билет в день.',
    startedDaysAgo: 14,
    endsInDays: 60,
  },
  {
    slug: 'birthday',
    title: 'Именинникам — билет в подарок',
    text:
      'В день рождения и три дня после него мы дарим билет на любой сеанс. ' +
      'Назовите кассиру дату рождения из паспорта и выберите фильм — остальное за нами.',
    startedDaysAgo: 60,
    endsInDays: 300,
  },
  {
    slug: 'family',
    title: 'Семейный выходной: четыре билета по цене трёх',
    text:
      'По субботам и воскресеньям при покупке четырёх билетов на семейный фильм один из них — бесплатно. ' +
      'Акция действует на сеансы «Пингвина Пломбира», «Шайбы» и «Хроник Ветрогорья».',
    startedDaysAgo: 7,
    endsInDays: 45,
  },
  {
    slug: 'popcorn-combo',
    title: 'Комбо «На двоих»: попкорн и два напитка за 490 ₽',
    text:
      'Большой солёный или карамельный попкорн и два напитка 0,5 л по цене одного ведёрка. ' +
      'Спросите комбо «На двоих» в баре кинотеатра — предложение действует весь день.',
    startedDaysAgo: 3,
    endsInDays: 30,
  },
];
