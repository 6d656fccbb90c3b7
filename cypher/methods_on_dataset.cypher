// name: methods_on_dataset
// question: Which methods are proposed or used by papers that evaluate on a given dataset?
// @param dataset: {"from": "top_datasets", "example": "CIFAR-100"}
// example:
//   dataset | method | relation | evidence | paper | paper_id
//   CIFAR-100 | DDPM | USES | Guided by these prompts, MultiDAP purifies adversarial inpu… | Adversarial purification uses g… | …
//   CIFAR-100 | Depth-progressive Monotonic Lea… | PROPOSES | To address this limitation, we propose Depth-progressive Mo… | Backpropagation (BP) remains th… | …
WITH toLower($dataset) AS wanted
MATCH (d:Dataset)<-[:EVALUATED_ON]-(p:Paper)-[r:PROPOSES|USES]->(m:Method)
WHERE toLower(d.name) = wanted OR wanted IN [a IN coalesce(d.aliases, []) | toLower(a)]
RETURN d.name AS dataset, m.name AS method, type(r) AS relation, coalesce(r.sentence_plain, r.sentence) AS evidence,
       p.caption AS paper, p.id AS paper_id
ORDER BY relation DESC, method, paper, paper_id
