#pragma once

// The Callbacks tab's parameter fields, made from a callback parameter's spec
// (engine/config/callbackspecs.h): one kind of widget per kind of value, each reporting the
// user's value for its parameter as JSON.

#include <QtCore/QCoreApplication>
#include <QtCore/QString>

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <string_view>

class QWidget;

namespace es {
struct CallbackParamSpec;
}

namespace es::ui {

/// One generated field: the widget tagged with the config path, and how to show a value.
struct CallbackParamField {
    std::string name;
    QWidget* input = nullptr;
    QWidget* cell = nullptr;  ///< what the form row holds: the input, or it and a button
    std::function<void(const nlohmann::json&)> show;
};

class CallbackFieldFactory {
    Q_DECLARE_TR_FUNCTIONS(es::ui::CallbackFieldFactory)

public:
    /// Takes the user's value for the named parameter.
    using Apply = std::function<void(const std::string& name, const nlohmann::json& value)>;

    /// `owner` holds the fields' connections, so that none outlives it, and parents the file
    /// dialogs.
    CallbackFieldFactory(QWidget* owner, Apply apply);

    /// The field for `spec`, its input named after the parameter and its tooltip saying what
    /// the parameter takes.
    CallbackParamField make(const CallbackParamSpec& spec, QWidget* parent) const;

private:
    CallbackParamField textField(const std::string& name, QWidget* parent) const;
    CallbackParamField pathField(const CallbackParamSpec& spec, QWidget* parent) const;
    CallbackParamField booleanField(const std::string& name, QWidget* parent) const;
    CallbackParamField integerField(const std::string& name, QWidget* parent) const;
    CallbackParamField numberField(const CallbackParamSpec& spec, QWidget* parent) const;
    CallbackParamField modeField(const std::string& name, QWidget* parent) const;
    CallbackParamField saveFrequencyField(const std::string& name, QWidget* parent) const;
    CallbackParamField verbosityField(const std::string& name, QWidget* parent) const;
    CallbackParamField numberOrNullField(const std::string& name, QWidget* parent) const;

    /// The tooltip of `spec`'s field: what its kind of value is, or for the parameters every
    /// callback reads alike (monitor, filepath) what they mean.
    static QString hint(const CallbackParamSpec& spec);

    QWidget* m_owner;
    Apply m_apply;
};

}  // namespace es::ui
