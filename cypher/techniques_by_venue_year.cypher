// name: techniques_by_venue_year
// question: Which techniques do papers of each venue and year use most?
// @param limit: 50
// example:
//   venue | year | technique        | papers | example_paper
//   ICML  | 2026 | diffusion models | 9      | paper:000_….txt#1
MATCH (v:Venue)<-[:PUBLISHED_IN]-(p:Paper)-[:USES]->(t:Technique)
WHERE p.year IS NOT NULL
RETURN v.name AS venue, p.year AS year, t.name AS technique, count(DISTINCT p) AS papers, min(p.id) AS example_paper
ORDER BY venue, year, papers DESC, technique
LIMIT toInteger($limit)
