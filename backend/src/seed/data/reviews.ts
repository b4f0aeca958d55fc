/** Viewers' reviews of the demo films: mostly positive, some negative (type_rating 2). */
import { REACTIONS } from '../../contract/constants';
import type { FilmSlug } from './films';

export interface SeedReview {
  film: FilmSlug;
  /** Slug of the viewer account that wrote it. */
  author: string;
  typeRating: (typeof REACTIONS)[keyof typeof REACTIONS];
  title: string;
  comment: string;
  /** Written this many days before the first seed. */
  daysAgo: number;
}

const { positive, negative } = REACTIONS;

export const REVIEWS: readonly SeedReview[] = [
  {
    film: 'helios',
    author: 'maria',
    typeRating: positive,
    title: 'Лучшая фантастика за последние годы',
    comment:
      'Шла без особых ожиданий, а вышла с мурашками. Невесомость выглядит настоящей, музыка давит ровно тогда, когда надо. ' +
      'Смотреть только в IMAX!',
    daysAgo: 3,
  },
  {
    film: 'helios',
    author: 'oleg',
    typeRating: positive,
    title: 'Зорин вытягивает весь фильм',
    comment: 'Сюжет местами предсказуем, но капитан Орлов в исполнении Зорина — это что-то. Финал обсуждали всю дорогу домой.',
    daysAgo: 2,
  },
  {
    film: 'helios',
    author: 'nikita',
    typeRating: negative,
    title: 'Красиво, но затянуто',
    comment: 'Картинка потрясающая, но минут двадцать можно было смело вырезать. Середина фильма провисает.',
    daysAgo: 1,
  },
  {
    film: 'ladoga',
    author: 'katya',
    typeRating: positive,
    title: 'Тёплое кино, после которого хочется позвонить бабушке',
    comment:
      'Очень светлая история. Девочка, которая играет Настю, — настоящее открытие. Ладога снята так, что хочется туда поехать.',
    daysAgo: 5,
  },
  {
    film: 'ladoga',
    author: 'olga',
    typeRating: positive,
    title: 'Ходили всей семьёй',
    comment: 'Дети двенадцати и пятнадцати лет смотрели не отрываясь. Сцена со штормом — самая сильная.',
    daysAgo: 4,
  },
  {
    film: 'plombir',
    author: 'timur',
    typeRating: positive,
    title: 'Сыну пять лет — в восторге',
    comment: 'Смешно и детям, и взрослым. Морж Барон с его картой — лучший персонаж. 3D не раздражает, очки детского размера есть.',
    daysAgo: 2,
  },
  {
    film: 'plombir',
    author: 'maria',
    typeRating: positive,
    title: 'Мило и без лишней суеты',
    comment: 'Простая добрая история, хорошая анимация. Песню чайки Ириски напеваем уже третий день.',
    daysAgo: 6,
  },
  {
    film: 'wedding',
    author: 'oleg',
    typeRating: negative,
    title: 'Шутки из прошлого века',
    comment: 'Половина шуток держится на том, что родственники кричат. Дядя Ашот хорош, но одного персонажа на фильм мало.',
    daysAgo: 3,
  },
  {
    film: 'wedding',
    author: 'katya',
    typeRating: positive,
    title: 'Для вечера с подругами — отлично',
    comment: 'Не шедевр, но мы смеялись весь сеанс. Тамада Ильдар — это наш тамада с двоюродной свадьбы, один в один.',
    daysAgo: 2,
  },
  {
    film: 'forest-house',
    author: 'nikita',
    typeRating: negative,
    title: 'Страшно только первые полчаса',
    comment: 'Атмосфера отличная, дом жуткий, но потом начинаются штампы, и к финалу уже совсем не страшно.',
    daysAgo: 4,
  },
  {
    film: 'forest-house',
    author: 'timur',
    typeRating: positive,
    title: 'Для любителей жанра — вполне',
    comment: 'Пару раз подпрыгнул в кресле. Звук в зале отличный, от скрипа половиц становится не по себе.',
    daysAgo: 1,
  },
  {
    film: 'steel-wings',
    author: 'olga',
    typeRating: positive,
    title: 'Мощно и честно',
    comment: 'Про перегонщиков самолётов почти ничего не знала. Воздушные сцены в IMAX захватывают дух, а финал заставил плакать.',
    daysAgo: 7,
  },
  {
    film: 'puck',
    author: 'timur',
    typeRating: positive,
    title: 'Идеальное семейное кино про спорт',
    comment: 'Ходили с сыном-хоккеистом. Без пафоса, с юмором, мальчишки играют живо. После сеанса сын попросил новые коньки.',
    daysAgo: 3,
  },
  {
    film: 'lamp',
    author: 'maria',
    typeRating: positive,
    title: 'Уютный детектив в духе старого кино',
    comment: 'Шестидесятые воссозданы до мелочей: пишущие машинки, трамваи, пальто. Убийцу не угадала до последней сцены.',
    daysAgo: 8,
  },
  {
    film: 'access-code',
    author: 'nikita',
    typeRating: negative,
    title: 'Погони есть, смысла нет',
    comment: 'Экшен снят неплохо, но хакерские сцены — это набор зелёных символов на экране. Сюжет рассыпается к середине.',
    daysAgo: 2,
  },
  {
    film: 'vetrogorye',
    author: 'katya',
    typeRating: positive,
    title: 'Красивая сказка, особенно в 3D',
    comment: 'Горы, колокола, ведьма Морена — всё очень красиво. Немного длинно для младших детей, но нам понравилось.',
    daysAgo: 5,
  },
  {
    film: 'ples-summer',
    author: 'olga',
    typeRating: positive,
    title: 'Лёгкое летнее кино',
    comment: 'Красивая Волга, смешные диалоги, никакой драмы ради драмы. Хочется в Плёс, а потом ещё раз в кино.',
    daysAgo: 6,
  },
  {
    film: 'grandmaster',
    author: 'oleg',
    typeRating: positive,
    title: 'Шахматы как триллер',
    comment: 'Не думал, что партия в шахматы может держать в напряжении. Пастухов сыграл роль своей жизни. Спасибо киноклубу!',
    daysAgo: 9,
  },
  {
    film: 'tiksi',
    author: 'viewer',
    typeRating: positive,
    title: 'Смешно и трогательно одновременно',
    comment: 'Ан-2, тундра и четыре человека, которые друг друга терпеть не могут. Механик Палыч — лучший.',
    daysAgo: 4,
  },
];
