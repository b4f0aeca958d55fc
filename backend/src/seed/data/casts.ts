/**
 * Who made and who plays in each demo film: a director and at least five actors with their
 * characters, so the film page's actor slider (5 per view) fills. People recur across films.
 */
import type { FilmSlug } from './films';
import type { PersonSlug } from './persons';

export interface SeedCast {
  directors: readonly PersonSlug[];
  /** [person, character] */
  actors: readonly (readonly [PersonSlug, string])[];
}

/** film_persons.role values and the position written for non-actors. */
export const CAST_ROLES = { actor: 'actor', director: 'director' } as const;
export const DIRECTOR_POSITION = 'Режиссер';

export const CASTS: Record<FilmSlug, SeedCast> = {
  ladoga: {
    directors: ['arkady-belov'],
    actors: [
      ['fyodor-lykov', 'Савелий Матвеевич'],
      ['varvara-ezhova', 'Настя'],
      ['polina-gracheva', 'Ирина, мать Насти'],
      ['grigory-vetlugin', 'Смотритель Кольцов'],
      ['kirill-zorin', 'Инспектор Орлов'],
      ['tamara-zimina', 'Баба Шура'],
    ],
  },
  helios: {
    directors: ['vera-lanskaya'],
    actors: [
      ['kirill-zorin', 'Капитан Орлов'],
      ['zarina-abdulova', 'Бортинженер Айгерим Сеитова'],
      ['mark-stein', 'Доктор Ланге'],
      ['emil-garipov', 'Пилот Рустам Валиев'],
      ['ilya-kamenev', 'Полковник Зуев'],
      ['sofya-lavrova', 'Голос станции'],
    ],
  },
  tiksi: {
    directors: ['oleg-stepnoy'],
    actors: [
      ['stepan-rudakov', 'Пилот Гордеев'],
      ['yaroslava-tikhonova', 'Журналистка Лера'],
      ['boris-gladkov', 'Механик Палыч'],
      ['anton-pastukhov', 'Бизнесмен Шорин'],
      ['denis-krainov', 'Стажёр Миша'],
      ['zhanna-svetlova', 'Диспетчер Галина'],
    ],
  },
  plombir: {
    directors: ['marina-vetrova'],
    actors: [
      ['denis-krainov', 'Пломбир'],
      ['milana-osipova', 'Чайка Ириска'],
      ['grigory-vetlugin', 'Морж Барон'],
      ['timofey-rakitin', 'Птенец Кузя'],
      ['zhanna-svetlova', 'Тётушка Ласта'],
    ],
  },
  lamp: {
    directors: ['lev-shatrov'],
    actors: [
      ['ilya-kamenev', 'Следователь Вершинин'],
      ['olesya-kravchenko', 'Машинистка Вера'],
      ['fyodor-lykov', 'Часовщик Берг'],
      ['anton-pastukhov', 'Лейтенант Дымов'],
      ['evgenia-lisitsyna', 'Актриса Ольга Ранцева'],
      ['robert-akopyan', 'Фотограф Арам'],
    ],
  },
  wedding: {
    directors: ['timur-gaziev'],
    actors: [
      ['emil-garipov', 'Руслан'],
      ['darina-kostina', 'Алёна'],
      ['timur-gaziev', 'Тамада Ильдар'],
      ['robert-akopyan', 'Дядя Ашот'],
      ['zhanna-svetlova', 'Мама Алёны'],
      ['kamila-rakhimova', 'Подружка невесты Дина'],
    ],
  },
  'steel-wings': {
    directors: ['gleb-ryazantsev'],
    actors: [
      ['stepan-rudakov', 'Майор Летунов'],
      ['polina-gracheva', 'Штурман Анна Белых'],
      ['artyom-belozyorov', 'Лейтенант Сеня Гусев'],
      ['kirill-zorin', 'Капитан Назаров'],
      ['boris-gladkov', 'Инженер Кравец'],
      ['mark-stein', 'Пилот Джек Миллер'],
    ],
  },
  'forest-house': {
    directors: ['oleg-stepnoy'],
    actors: [
      ['yaroslava-tikhonova', 'Катя'],
      ['artyom-belozyorov', 'Гоша'],
      ['milana-osipova', 'Лиза'],
      ['denis-krainov', 'Вадим'],
      ['tamara-zimina', 'Хозяйка дома'],
      ['semyon-dorokhov', 'Мальчик из леса'],
    ],
  },
  puck: {
    directors: ['timur-gaziev'],
    actors: [
      ['ilya-kamenev', 'Тренер Егор Буров'],
      ['semyon-dorokhov', 'Лёва Зайцев'],
      ['timofey-rakitin', 'Вратарь Сёмка'],
      ['matvey-sinitsyn', 'Капитан команды Глеб'],
      ['evgenia-lisitsyna', 'Мама Лёвы'],
      ['anton-pastukhov', 'Директор школы'],
    ],
  },
  vetrogorye: {
    directors: ['vera-lanskaya'],
    actors: [
      ['matvey-sinitsyn', 'Подмастерье Ян'],
      ['varvara-ezhova', 'Мира'],
      ['robert-akopyan', 'Чародей Арсен'],
      ['grigory-vetlugin', 'Король Всеслав'],
      ['sofya-lavrova', 'Ведьма Морена'],
      ['luca-martinelli', 'Странник Лучано'],
    ],
  },
  'access-code': {
    directors: ['lev-shatrov'],
    actors: [
      ['kirill-zorin', 'Майор Стрельцов'],
      ['zarina-abdulova', 'Хакер Ая'],
      ['emil-garipov', 'Наёмник Ринат'],
      ['olesya-kravchenko', 'Аналитик Юлия Рябова'],
      ['mark-stein', 'Банкир Кёлер'],
      ['stepan-rudakov', 'Генерал Ковшов'],
    ],
  },
  'ples-summer': {
    directors: ['gleb-ryazantsev'],
    actors: [
      ['luca-martinelli', 'Художник Марко'],
      ['sofya-lavrova', 'Реставратор Дина'],
      ['kamila-rakhimova', 'Подруга Зоя'],
      ['boris-gladkov', 'Дед Никифор'],
      ['evgenia-lisitsyna', 'Хозяйка гостиницы'],
      ['artyom-belozyorov', 'Курьер Вася'],
    ],
  },
  'captain-mor': {
    directors: ['marina-vetrova'],
    actors: [
      ['timofey-rakitin', 'Юнга Федя'],
      ['varvara-ezhova', 'Соня'],
      ['stepan-rudakov', 'Капитан Мор'],
      ['denis-krainov', 'Боцман Кит'],
      ['tamara-zimina', 'Тётя Аделаида'],
    ],
  },
  grandmaster: {
    directors: ['arkady-belov'],
    actors: [
      ['anton-pastukhov', 'Лев Арбенин'],
      ['matvey-sinitsyn', 'Лев Арбенин в детстве'],
      ['polina-gracheva', 'Наталья Арбенина'],
      ['fyodor-lykov', 'Тренер Шерманов'],
      ['luca-martinelli', 'Пьер Дюваль'],
      ['olesya-kravchenko', 'Журналистка Мадлен'],
    ],
  },
};
