// name: top_metrics
// question: Which evaluation metrics are used by the most papers?
// @param limit: 20
// example:
MATCH (p:Paper)-[:MEASURED_BY]->(m:Metric)
WITH m, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})-[r:MEASURED_BY]->(m)
RETURN m.name AS metric, papers, e.caption AS example_paper, coalesce(r.sentence_plain, r.sentence) AS evidence,
       example_paper_id
ORDER BY papers DESC, metric
LIMIT toInteger($limit)
