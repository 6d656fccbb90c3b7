// name: top_metrics
// question: Which evaluation metrics are used by the most papers?
// @param limit: 20
// example:
//   metric | papers | evidence | example_paper | example_paper_id
//   accuracy | 3 | Building on Fast-dLLM's dual-cache infrastructure, our fram… | Diffusion-based language models… | …
//   FID | 2 | Quantitatively, XDLM surpasses UDLM by 5.4 points on zero-s… | In discrete generative modeling… | …
MATCH (p:Paper)-[:MEASURED_BY]->(m:Metric)
WITH m, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})-[r:MEASURED_BY]->(m)
RETURN m.name AS metric, papers, coalesce(r.sentence_plain, r.sentence) AS evidence, e.caption AS example_paper,
       example_paper_id
ORDER BY papers DESC, metric
LIMIT toInteger($limit)
