// name: top_metrics
// question: Which evaluation metrics are used by the most papers?
// @param limit: 20
// example:
//   metric | papers | example_paper | evidence | example_paper_id
//   FID | 2 | In discrete generative modeling… | Quantitatively, XDLM surpasses UDLM by 5.4 points on zero-s… | paper:000_31cf4a8c5f162693.txt#9
//   accuracy | 2 | Diffusion-based language models… | Building on Fast-dLLM's dual-cache infrastructure, our fram… | paper:000_31cf4a8c5f162693.txt#…
MATCH (p:Paper)-[:MEASURED_BY]->(m:Metric)
WITH m, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})-[r:MEASURED_BY]->(m)
RETURN m.name AS metric, papers, e.caption AS example_paper, coalesce(r.sentence_plain, r.sentence) AS evidence,
       example_paper_id
ORDER BY papers DESC, metric
LIMIT toInteger($limit)
