// name: top_metrics
// question: Which evaluation metrics are used by the most papers?
// @param limit: 20
// example:
//   metric   | papers | example_paper      | evidence
//   accuracy | 2      | paper:000_….txt#13 | … less than 1% accuracy change …
MATCH (p:Paper)-[r:MEASURED_BY]->(m:Metric)
WITH m, count(DISTINCT p) AS papers, min(p.id) AS example_paper
MATCH (q:Paper {id: example_paper})-[r:MEASURED_BY]->(m)
RETURN m.name AS metric, papers, example_paper, r.sentence AS evidence
ORDER BY papers DESC, metric
LIMIT toInteger($limit)
