// name: confident_entities
// question: Which entities of one label do papers name where the mention typer is sure of the words (confidence at or above a bar), and how many papers name them at all?
// @param label: "Technique"
// @param min_confidence: 0.7
// @param limit: 20
// example:
//   entity | sure_papers | papers | best_confidence | example_paper | example_paper_id
//   diffusion models | 15 | 15 | 0.992 | Offline black-box optimization … | …
//   autoregressive models | 4 | 4 | 0.979 | Diffusion-based language models… | …
MATCH (p:Paper)-[r]->(n)
WHERE $label IN labels(n) AND r.confidence >= toFloat($min_confidence)
WITH n, count(DISTINCT p) AS sure_papers, max(r.confidence) AS best_confidence, min(p.id) AS example_paper_id
MATCH (q:Paper)-->(n)
WITH n, sure_papers, best_confidence, example_paper_id, count(DISTINCT q) AS papers
MATCH (e:Paper {id: example_paper_id})
RETURN n.name AS entity, sure_papers, papers, best_confidence, e.caption AS example_paper, example_paper_id
ORDER BY sure_papers DESC, papers DESC, entity
LIMIT toInteger($limit)
