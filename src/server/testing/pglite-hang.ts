// The statements of the embedded database's hang (ADR 030): a misspelt search (the trigram
// vocabulary), a location search and a write, as a new user's first searches ran them. Shared by
// src/server/db/pglite-process.test.ts and bench/pglite-hang.
export const TRIGRAM_SEARCH =
  'select q.w, c.word from unnest(array[$1]::text[]) as q(w) cross join lateral (select s.word from search_words s ' +
  'where s.word % q.w and s.word <> q.w and similarity(s.word, q.w) >= 0.5 order by similarity(s.word, q.w) desc, s.word limit 4) c';
export const BY_STATE = "select id from listings where state_code = 'OR' order by created_at desc limit 24";
export const INSERT_LISTING = `insert into listings (user_id, title, description, type, price, location, city, state, lat, lng)
  values ($1, $2, 'Compost bays, tomatoes and raised beds with drip irrigation', 'rental', 40, '12 Elm St', 'Salem', 'OR', 44.94, -123.03)`;
export const INSERT_HOST =
  "insert into users (username, email, name, password_hash) values ('host', 'host@example.com', 'Host', 'x') returning id";
