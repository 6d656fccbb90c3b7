// name: top_datasets
// question: Which datasets and benchmarks are used by the most papers?
// @param limit: 20
// example:
//   dataset   | papers | example_paper     | evidence
//   CIFAR-100 | 2      | paper:000_….txt#2 | Experimental results on CIFAR-10, CIFAR-100 …
MATCH (p:Paper)-[r:EVALUATED_ON]->(d:Dataset)
WITH d, count(DISTINCT p) AS papers, min(p.id) AS example_paper
MATCH (q:Paper {id: example_paper})-[r:EVALUATED_ON]->(d)
RETURN d.name AS dataset, papers, example_paper, r.sentence AS evidence
ORDER BY papers DESC, dataset
LIMIT toInteger($limit)
