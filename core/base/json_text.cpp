#include "core/base/json_text.h"

namespace core {

std::string jsonText(const nlohmann::json& doc)
{
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string jsonText(const nlohmann::ordered_json& doc)
{
    return doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace core
