/** The demo people, identified by name; a person created now gets their extra photos too. */
import { addDays } from '../contract/time';
import { schema, type Db } from '../db';
import { PERSONS, type PersonSlug } from './data/persons';
import { ensureByKey } from './ensure';
import { numbered, PHOTOS_PER_PERSON, seedImage } from './images';

/**
 * A birthday that makes the person exactly `age` years old on `today`: `age` years back, then
 * 20–319 days more (spread by `index`) so birthdays fall on different days of the year.
 */
export function birthdayFor(today: string, age: number, index: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const sameDay = `${year - age}-${String(month).padStart(2, '0')}-${String(Math.min(day, 28)).padStart(2, '0')}`;
  return addDays(sameDay, -(20 + ((index * 53) % 300)));
}

/** Person slug → id, and how many people were created. */
export async function ensurePersons(db: Db, today: string): Promise<{ ids: Map<PersonSlug, number>; created: number }> {
  const { idOf, created } = await ensureByKey(
    db,
    schema.persons,
    schema.persons.fio,
    PERSONS,
    (p) => p.fio,
    (missing) =>
      missing.map((person) => ({
        fio: person.fio,
        mainImg: seedImage.person(person.slug),
        birthday: birthdayFor(today, person.age, PERSONS.indexOf(person)),
        careers: [...person.careers],
        placeBirthday: person.birthplace,
      })),
  );
  if (created.length > 0) {
    await db
      .insert(schema.personPhotos)
      .values(
        created.flatMap(({ item, id }) =>
          numbered(PHOTOS_PER_PERSON).map((n) => ({ personId: id, photo: seedImage.personPhoto(item.slug, n) })),
        ),
      );
  }
  return { ids: new Map(PERSONS.map((p) => [p.slug, idOf(p)])), created: created.length };
}
