/**
 * The demo films — fictional. Ratings cover the three bands (<=5, 5–7, >=7, including the edges
 * 5.0 and 7.0); trailers use both accepted video hosts in every link form, and one film has a
 * link from a host the film page must ignore (vimeo).
 */
export interface SeedFilm {
  slug: string;
  title: string;
  description: string;
  age: 0 | 6 | 12 | 16 | 18;
  year: number;
  /** US dollars. */
  budget: number;
  /** Minutes. */
  time: number;
  rating: number;
  typeGraphic: '2D' | '3D' | 'IMAX';
  isRent: 0 | 1;
  /** Announced («Скоро в кино»): in rental, but the demo schedules no session for it. */
  announced?: true;
  genres: readonly string[];
  countries: readonly string[];
  trailer: string;
  /** The trailers slider; the main trailer comes first when its host is accepted. */
  videos: readonly string[];
}

export const FILMS = [
  {
    slug: 'ladoga',
    title: 'Ветер с Ладоги',
    description:
      'Бывший смотритель маяка Савелий Матвеевич находит в старом сундуке письмо, которое полвека назад не дошло до адресата. ' +
      'Вместе с двенадцатилетней внучкой Настей он отправляется на деревянной лодке через Ладожское озеро, чтобы вернуть долг памяти. ' +
      'Шторм, туман и чужие тайны превращают короткое путешествие в главное лето их жизни.',
    age: 12,
    year: 2025,
    budget: 3_800_000,
    time: 128,
    rating: 7.8,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['драма', 'приключения', 'семейный'],
    countries: ['Россия'],
    trailer: 'https://www.youtube.com/watch?v=xv4OHc8S5FX',
    videos: ['https://www.youtube.com/watch?v=xv4OHc8S5FX', 'https://youtu.be/hwosPiXCtNw'],
  },
  {
    slug: 'helios',
    title: 'Гелиос-7',
    description:
      'Орбитальная станция «Гелиос-7» изучает Солнце с самого близкого расстояния, на которое когда-либо поднимался человек. ' +
      'Когда приборы улавливают повторяющийся сигнал из короны звезды, капитан Орлов должен решить, чему верить: ' +
      'приказам с Земли или собственному экипажу. До вспышки, которая сожжёт станцию, остаётся девять часов.',
    age: 12,
    year: 2026,
    budget: 27_000_000,
    time: 142,
    rating: 8.1,
    typeGraphic: 'IMAX',
    isRent: 1,
    genres: ['фантастика', 'триллер', 'драма'],
    countries: ['Россия', 'Казахстан'],
    trailer: 'https://youtu.be/4v7CyQRtkT_',
    videos: ['https://youtu.be/4v7CyQRtkT_', 'https://rutube.ru/video/f8ef4a02b07615110951bf5c03395cc9/'],
  },
  {
    slug: 'tiksi',
    title: 'Последний рейс на Тикси',
    description:
      'Старый Ан-2 и его упрямый пилот Гордеев в последний раз летят к берегу моря Лаптевых. ' +
      'На борту — столичная журналистка, стажёр-механик и бизнесмен с подозрительно тяжёлым чемоданом. ' +
      'Вынужденная посадка в тундре заставит всех четверых договориться, пока не кончилось топливо и терпение.',
    age: 16,
    year: 2025,
    budget: 5_200_000,
    time: 116,
    rating: 6.4,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['приключения', 'драма', 'комедия'],
    countries: ['Россия'],
    trailer: 'https://rutube.ru/video/cefeca54a8026d2e7492a2a16a1933a5/',
    videos: ['https://rutube.ru/video/cefeca54a8026d2e7492a2a16a1933a5/'],
  },
  {
    slug: 'plombir',
    title: 'Пингвин Пломбир',
    description:
      'Пингвин Пломбир мечтает увидеть лето, о котором рассказывают перелётные птицы. ' +
      'Вместе с болтливой чайкой Ириской он отправляется на льдине в большое путешествие на север — то есть на юг, ' +
      'если верить карте, нарисованной моржом Бароном. Весёлая история о дружбе и о том, что дом — это те, кто тебя ждёт.',
    age: 0,
    year: 2026,
    budget: 9_500_000,
    time: 88,
    rating: 7.2,
    typeGraphic: '3D',
    isRent: 1,
    genres: ['мультфильм', 'семейный', 'комедия', 'приключения'],
    countries: ['Россия', 'Беларусь'],
    trailer: 'https://www.youtube.com/watch?v=tpwbmtiLwXJ',
    videos: ['https://www.youtube.com/watch?v=tpwbmtiLwXJ', 'https://www.youtube.com/watch?v=boD48I2v-aD'],
  },
  {
    slug: 'lamp',
    title: 'Дело о синей лампе',
    description:
      'Приволжский город, 1961 год. В закрытой мастерской находят часовщика Берга, а на его столе горит синяя лампа, ' +
      'которой там не было накануне. Следователь Вершинин и машинистка Вера восстанавливают последний день старика ' +
      'и выясняют, что у половины города была причина желать ему зла.',
    age: 16,
    year: 2025,
    budget: 4_100_000,
    time: 109,
    rating: 6.9,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['детектив', 'криминал', 'драма'],
    countries: ['Россия', 'Сербия'],
    trailer: 'https://rutube.ru/video/455620f484ed1774443e2194a079fdd7/',
    videos: ['https://rutube.ru/video/455620f484ed1774443e2194a079fdd7/'],
  },
  {
    slug: 'wedding',
    title: 'Свадьба по расчёту',
    description:
      'Чтобы получить наследство тётушки, Руслану нужно жениться до конца месяца. Алёне нужны деньги на собственную пекарню. ' +
      'Фиктивный брак кажется идеальной сделкой — пока на свадьбу не приезжают сто сорок родственников с обеих сторон, ' +
      'тамада с амбициями режиссёра и дядя Ашот, который всё видит насквозь.',
    age: 16,
    year: 2026,
    budget: 2_300_000,
    time: 101,
    rating: 5.4,
    typeGraphic: '2D',
    isRent: 1,
    announced: true,
    genres: ['комедия', 'мелодрама'],
    countries: ['Россия'],
    trailer: 'https://youtu.be/MyE8emTTGIB',
    videos: ['https://youtu.be/MyE8emTTGIB'],
  },
  {
    slug: 'steel-wings',
    title: 'Стальные крылья',
    description:
      '1943 год. Экипаж перегонщиков ведёт бомбардировщик по воздушной трассе Аляска — Сибирь: шесть тысяч километров ' +
      'над тайгой и хребтами, без запасных аэродромов и точных карт. Майор Летунов знает, что в сорокаградусный мороз ' +
      'машина может подвести в любую минуту, но фронт ждёт самолёты сегодня.',
    age: 12,
    year: 2025,
    budget: 18_500_000,
    time: 135,
    rating: 7.5,
    typeGraphic: 'IMAX',
    isRent: 1,
    genres: ['военный', 'исторический', 'драма'],
    countries: ['Россия'],
    trailer: 'https://rutube.ru/video/2f22ede78a11f34f35e9530fe7167a3e/',
    videos: ['https://rutube.ru/video/2f22ede78a11f34f35e9530fe7167a3e/', 'https://youtu.be/V4GNAark9Jl'],
  },
  {
    slug: 'forest-house',
    title: 'Дом на краю леса',
    description:
      'Пятеро друзей снимают на выходные старый дом у заброшенной узкоколейки. Хозяйка просит только об одном: ' +
      'после заката не открывать дверь, даже если за ней плачет ребёнок. К полуночи связь пропадает, ' +
      'а в лесу зажигаются огни, которых нет ни на одной карте.',
    age: 18,
    year: 2025,
    budget: 1_200_000,
    time: 97,
    rating: 4.6,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['ужасы', 'триллер'],
    countries: ['Россия'],
    trailer: 'https://www.youtube.com/watch?v=IQAkPLXFSJA',
    videos: ['https://www.youtube.com/watch?v=IQAkPLXFSJA'],
  },
  {
    slug: 'puck',
    title: 'Шайба',
    description:
      'Бывший защитник сборной Егор Буров возвращается в родной город тренировать школьную команду, ' +
      'которая не выиграла ни одного матча за три сезона. У него есть полгода, дворовая коробка и одиннадцать мальчишек, ' +
      'уверенных, что хоккей — это не для них. Фильм о втором шансе для всех.',
    age: 6,
    year: 2026,
    budget: 3_300_000,
    time: 112,
    rating: 7.0,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['спорт', 'драма', 'семейный'],
    countries: ['Россия'],
    trailer: 'https://rutube.ru/video/8088ac430ed08d790479504fa1b53b40/',
    videos: ['https://rutube.ru/video/8088ac430ed08d790479504fa1b53b40/', 'https://youtu.be/Ajm02pqKV2G'],
  },
  {
    slug: 'vetrogorye',
    title: 'Хроники Ветрогорья',
    description:
      'В горном королевстве, где ветра подчиняются песням, перестали звучать колокола. ' +
      'Подмастерье Ян и дочь смотрителя башни Мира узнают, что ведьма Морена украла последний голос ветра. ' +
      'Чтобы вернуть его, им придётся пройти через Туманный перевал и договориться с тем, кого боятся все.',
    age: 12,
    year: 2026,
    budget: 21_000_000,
    time: 151,
    rating: 6.8,
    typeGraphic: '3D',
    isRent: 1,
    genres: ['фэнтези', 'приключения', 'семейный'],
    countries: ['Россия', 'Армения'],
    trailer: 'https://www.youtube.com/watch?v=QB-WpyC1qzn',
    videos: ['https://www.youtube.com/watch?v=QB-WpyC1qzn', 'https://rutube.ru/video/ef87b8873228a78f566ff68446adef07/'],
  },
  {
    slug: 'access-code',
    title: 'Код доступа',
    description:
      'За одну ночь из банковского хранилища исчезают данные ста тысяч клиентов, а единственный свидетель — ' +
      'девушка-хакер Ая — сама в розыске. Майор Стрельцов должен найти её раньше наёмников, ' +
      'которые уже идут по следу. Город засыпает, погоня только начинается.',
    age: 18,
    year: 2025,
    budget: 7_800_000,
    time: 118,
    rating: 5.9,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['боевик', 'криминал', 'триллер'],
    countries: ['Россия', 'Казахстан'],
    // A host the film page does not embed: the trailer block must render nothing.
    trailer: 'https://vimeo.com/873214569',
    videos: ['https://rutube.ru/video/1af8a46656531dc387e70ce0104253d7/'],
  },
  {
    slug: 'ples-summer',
    title: 'Лето в Плёсе',
    description:
      'Итальянский художник Марко приезжает в Плёс на две недели, чтобы написать Волгу, как когда-то её писал Левитан. ' +
      'Реставратор Дина уверена, что у иностранца ничего не выйдет. Спор о пейзажах, пироги соседки, ' +
      'ночные грозы над рекой — и лето, которое никто из них не собирался запоминать.',
    age: 12,
    year: 2025,
    budget: 2_900_000,
    time: 104,
    rating: 6.1,
    typeGraphic: '2D',
    isRent: 1,
    genres: ['мелодрама', 'комедия'],
    countries: ['Россия', 'Италия'],
    trailer: 'https://rutube.ru/video/0704a7831f3d3d027c8eaa969dc1930e/',
    videos: ['https://rutube.ru/video/0704a7831f3d3d027c8eaa969dc1930e/'],
  },
  {
    slug: 'captain-mor',
    title: 'Сокровища капитана Мора',
    description:
      'Юнга Федя и его подруга Соня находят на чердаке карту, нарисованную, по семейной легенде, самим капитаном Мором. ' +
      'Летние каникулы превращаются в охоту за сокровищами по островам Онежского озера — ' +
      'с погоней, подземным ходом и тётей Аделаидой, которая знает больше, чем говорит.',
    age: 6,
    year: 2024,
    budget: 2_000_000,
    time: 99,
    rating: 5.0,
    typeGraphic: '3D',
    isRent: 0,
    genres: ['приключения', 'семейный', 'комедия'],
    countries: ['Россия'],
    trailer: 'https://youtu.be/hpCkJiHS9ln',
    videos: ['https://youtu.be/hpCkJiHS9ln'],
  },
  {
    slug: 'grandmaster',
    title: 'Гроссмейстер',
    description:
      'История шахматиста Льва Арбенина — от дворовых партий в послевоенном Куйбышеве до матча за мировую корону в Париже. ' +
      'Гений, который видел игру на двадцать ходов вперёд, но не смог предугадать ни одного поворота собственной жизни. ' +
      'Фильм основан на вымышленной биографии и собран из десятков реальных шахматных партий.',
    age: 12,
    year: 2024,
    budget: 6_400_000,
    time: 126,
    rating: 8.4,
    typeGraphic: '2D',
    isRent: 0,
    genres: ['биография', 'драма', 'исторический'],
    countries: ['Россия', 'Франция'],
    trailer: 'https://www.youtube.com/watch?v=ggYcT3g1FtL',
    videos: ['https://www.youtube.com/watch?v=ggYcT3g1FtL'],
  },
] as const satisfies readonly SeedFilm[];

export type FilmSlug = (typeof FILMS)[number]['slug'];
