/**
 * The people of the demo films — all fictional. Ages are kept as ages (the birthday is derived
 * from the day of the first seed) so the person page shows every Russian plural form:
 * 21 год, 22–24 года, 11–14 лет, 25+ лет.
 */
export interface SeedPerson {
  slug: string;
  fio: string;
  age: number;
  careers: readonly string[];
  birthplace: string;
}

export const PERSONS = [
  // Directors (some also act or write).
  { slug: 'arkady-belov', fio: 'Аркадий Белов', age: 58, careers: ['Режиссер', 'Сценарист'], birthplace: 'Ленинград, СССР' },
  { slug: 'vera-lanskaya', fio: 'Вера Ланская', age: 45, careers: ['Режиссер', 'Продюсер'], birthplace: 'Москва, Россия' },
  { slug: 'oleg-stepnoy', fio: 'Олег Степной', age: 52, careers: ['Режиссер'], birthplace: 'Ростов-на-Дону, Россия' },
  { slug: 'marina-vetrova', fio: 'Марина Ветрова', age: 38, careers: ['Режиссер', 'Художник-аниматор'], birthplace: 'Екатеринбург, Россия' },
  { slug: 'lev-shatrov', fio: 'Лев Шатров', age: 47, careers: ['Режиссер', 'Сценарист'], birthplace: 'Новосибирск, Россия' },
  { slug: 'timur-gaziev', fio: 'Тимур Газиев', age: 41, careers: ['Режиссер', 'Сценарист', 'Актер'], birthplace: 'Казань, Россия' },
  { slug: 'gleb-ryazantsev', fio: 'Глеб Рязанцев', age: 61, careers: ['Режиссер', 'Продюсер'], birthplace: 'Свердловск, СССР' },
  // Actors.
  { slug: 'kirill-zorin', fio: 'Кирилл Зорин', age: 34, careers: ['Актер'], birthplace: 'Самара, Россия' },
  { slug: 'polina-gracheva', fio: 'Полина Грачёва', age: 29, careers: ['Актер'], birthplace: 'Санкт-Петербург, Россия' },
  { slug: 'stepan-rudakov', fio: 'Степан Рудаков', age: 44, careers: ['Актер', 'Продюсер'], birthplace: 'Тверь, Россия' },
  { slug: 'yaroslava-tikhonova', fio: 'Ярослава Тихонова', age: 21, careers: ['Актер'], birthplace: 'Ярославль, Россия' },
  { slug: 'matvey-sinitsyn', fio: 'Матвей Синицын', age: 13, careers: ['Актер'], birthplace: 'Москва, Россия' },
  { slug: 'varvara-ezhova', fio: 'Варвара Ежова', age: 12, careers: ['Актер'], birthplace: 'Калуга, Россия' },
  { slug: 'denis-krainov', fio: 'Денис Крайнов', age: 23, careers: ['Актер', 'Актер дубляжа'], birthplace: 'Пермь, Россия' },
  { slug: 'milana-osipova', fio: 'Милана Осипова', age: 22, careers: ['Актер', 'Актер дубляжа'], birthplace: 'Краснодар, Россия' },
  { slug: 'robert-akopyan', fio: 'Роберт Акопян', age: 39, careers: ['Актер'], birthplace: 'Ереван, Армения' },
  { slug: 'zarina-abdulova', fio: 'Зарина Абдулова', age: 31, careers: ['Актер'], birthplace: 'Алматы, Казахстан' },
  { slug: 'fyodor-lykov', fio: 'Фёдор Лыков', age: 63, careers: ['Актер'], birthplace: 'Горький, СССР' },
  { slug: 'tamara-zimina', fio: 'Тамара Зимина', age: 71, careers: ['Актер'], birthplace: 'Куйбышев, СССР' },
  { slug: 'anton-pastukhov', fio: 'Антон Пастухов', age: 36, careers: ['Актер', 'Сценарист'], birthplace: 'Омск, Россия' },
  { slug: 'grigory-vetlugin', fio: 'Григорий Ветлугин', age: 55, careers: ['Актер', 'Актер дубляжа'], birthplace: 'Вологда, Россия' },
  { slug: 'olesya-kravchenko', fio: 'Олеся Кравченко', age: 27, careers: ['Актер'], birthplace: 'Минск, Беларусь' },
  { slug: 'artyom-belozyorov', fio: 'Артём Белозёров', age: 24, careers: ['Актер'], birthplace: 'Пермь, Россия' },
  { slug: 'sofya-lavrova', fio: 'Софья Лаврова', age: 33, careers: ['Актер', 'Актер дубляжа'], birthplace: 'Нижний Новгород, Россия' },
  { slug: 'mark-stein', fio: 'Марк Штейн', age: 47, careers: ['Актер'], birthplace: 'Берлин, Германия' },
  { slug: 'ilya-kamenev', fio: 'Илья Каменев', age: 42, careers: ['Актер'], birthplace: 'Челябинск, Россия' },
  { slug: 'zhanna-svetlova', fio: 'Жанна Светлова', age: 51, careers: ['Актер', 'Актер дубляжа'], birthplace: 'Тула, Россия' },
  { slug: 'emil-garipov', fio: 'Эмиль Гарипов', age: 29, careers: ['Актер', 'Каскадер'], birthplace: 'Уфа, Россия' },
  { slug: 'darina-kostina', fio: 'Дарина Костина', age: 25, careers: ['Актер'], birthplace: 'Воронеж, Россия' },
  { slug: 'luca-martinelli', fio: 'Лука Мартинелли', age: 38, careers: ['Актер'], birthplace: 'Турин, Италия' },
  { slug: 'kamila-rakhimova', fio: 'Камила Рахимова', age: 24, careers: ['Актер'], birthplace: 'Ташкент, Узбекистан' },
  { slug: 'boris-gladkov', fio: 'Борис Гладков', age: 68, careers: ['Актер', 'Режиссер'], birthplace: 'Ленинград, СССР' },
  { slug: 'evgenia-lisitsyna', fio: 'Евгения Лисицына', age: 41, careers: ['Актер'], birthplace: 'Иркутск, Россия' },
  { slug: 'semyon-dorokhov', fio: 'Семён Дорохов', age: 14, careers: ['Актер'], birthplace: 'Владимир, Россия' },
  { slug: 'timofey-rakitin', fio: 'Тимофей Ракитин', age: 11, careers: ['Актер'], birthplace: 'Пермь, Россия' },
] as const satisfies readonly SeedPerson[];

export type PersonSlug = (typeof PERSONS)[number]['slug'];
