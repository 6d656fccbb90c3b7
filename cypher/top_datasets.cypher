// name: top_datasets
// question: Which datasets and benchmarks are used by the most papers?
// @param limit: 20
// example:
//   dataset | papers | evidence | example_paper | example_paper_id
//   CIFAR-100 | 2 | Extensive experiments on CIFAR-10, CIFAR-100, and ImageNet-… | Adversarial purification uses g… | …
//   MBPP | 2 | When scaled to tune an 8B-parameter large language model, X… | In discrete generative modeling… | …
MATCH (p:Paper)-[:EVALUATED_ON]->(d:Dataset)
WITH d, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})-[r:EVALUATED_ON]->(d)
RETURN d.name AS dataset, papers, coalesce(r.sentence_plain, r.sentence) AS evidence, e.caption AS example_paper,
       example_paper_id
ORDER BY papers DESC, dataset
LIMIT toInteger($limit)
