// name: top_methods
// question: Which methods are proposed, used or compared with by the most papers (and are the most connected)?
// @param limit: 20
// example:
//   method | papers | connections | example_paper | example_paper_id
//   inter-block speculation | 1 | 7 | Diffusion-based language models… | …
//   Depth-progressive Monotonic Lea… | 1 | 4 | Backpropagation (BP) remains th… | …
MATCH (p:Paper)-[:PROPOSES|USES|COMPARES_WITH]->(m:Method)
WITH m, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})
RETURN m.name AS method, papers, COUNT { (m)--() } AS connections, e.caption AS example_paper, example_paper_id
ORDER BY papers DESC, connections DESC, method
LIMIT toInteger($limit)
