// name: techniques_by_venue_year
// question: Which techniques do papers of each venue and year use most?
// @param limit: 50
// example:
//   venue | year | technique | papers | example_paper | example_paper_id
//   ICML | 2026 | diffusion models | 15 | Offline black-box optimization… | …
//   ICML | 2026 | autoregressive models | 4 | Diffusion-based language models… | …
MATCH (v:Venue)<-[:PUBLISHED_IN]-(p:Paper)-[:USES]->(t:Technique)
WHERE p.year IS NOT NULL
WITH v.name AS venue, p.year AS year, t.name AS technique, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})
RETURN venue, year, technique, papers, e.caption AS example_paper, example_paper_id
ORDER BY venue, year, papers DESC, technique
LIMIT toInteger($limit)
