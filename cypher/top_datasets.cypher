// name: top_datasets
// question: Which datasets and benchmarks are used by the most papers?
// @param limit: 20
// example:
MATCH (p:Paper)-[:EVALUATED_ON]->(d:Dataset)
WITH d, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})-[r:EVALUATED_ON]->(d)
RETURN d.name AS dataset, papers, e.caption AS example_paper, coalesce(r.sentence_plain, r.sentence) AS evidence,
       example_paper_id
ORDER BY papers DESC, dataset
LIMIT toInteger($limit)
