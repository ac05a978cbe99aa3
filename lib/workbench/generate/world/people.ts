// The company directory. With distractors, some people share a first name with a colleague, so
// "email Maya" has two candidates and a task must name the person in full.
import type { Rng } from "../random";
import type { Person } from "./types";

const ASCII_NAME = /^[A-Za-z]{3,12}$/;

/** Draws until the name is plain ASCII letters (addresses and regex searches stay simple). */
export function asciiName(draw: () => string): string {
  for (;;) {
    const name = draw();
    if (ASCII_NAME.test(name)) return name;
  }
}

export function generatePeople(rng: Rng, count: number, companyDomain: string, distractors: number): Person[] {
  const people: Person[] = [];
  const emails = new Set<string>();
  const teams: Person["team"][] = ["engineering", "sales", "operations"];
  while (people.length < count) {
    const reuse = people.length > 0 && rng.chance(distractors / 2);
    const first = reuse ? rng.pick(people).first : asciiName(() => rng.faker.person.firstName());
    const last = asciiName(() => rng.faker.person.lastName());
    const email = `${first}.${last}@${companyDomain}`.toLowerCase();
    if (emails.has(email)) continue;
    emails.add(email);
    // Round-robin teams first so every team has people even in a tiny directory.
    const team = people.length < teams.length * 2 ? (teams[people.length % teams.length] as Person["team"]) : rng.pick(teams);
    people.push({ first, last, email, team });
  }
  return people;
}
